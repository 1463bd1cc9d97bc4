package se.kth.castor.getters;

import java.util.Map;

/** The workload: a few templates over a map of values. */
public class Main {
    public static void main(String[] args) {
        Map<String, String> values = Map.of("name", "Ada", "city", "London");
        Substitutor s = new Substitutor(values::get);
        for (String t : new String[] {"${name} lives in ${city}.", "Hello ${name}, ${unknown}!", "no variables", "broken ${name"}) {
            System.out.println(s.replace(t));
        }
        StrictSubstitutor strict = new StrictSubstitutor(values::get);
        System.out.println(strict.require("city"));
        System.out.println(strict.requireAll("name, city, unknown"));
        Map<String, String> codes = Map.of("7", "seven", "prefix", "code ");
        Labeller byLookup = new LookupLabeller(codes::get, codes::get);
        Labeller fixed = new FixedLabeller(values::get, "zero", "one");
        System.out.println(byLookup.label(7) + ", " + byLookup.label(8));
        System.out.println(fixed.label(1) + ", " + fixed.label(5));
        try {
            strict.require("unknown");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
