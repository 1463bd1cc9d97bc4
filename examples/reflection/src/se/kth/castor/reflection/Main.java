package se.kth.castor.reflection;

import java.lang.reflect.Method;

/** The workload: bindings over a few people. */
public class Main {
    public static void main(String[] args) throws Exception {
        Guard people = scope -> scope instanceof Person;
        Method greet = Person.class.getDeclaredMethod("greet", String.class, int.class);
        greet.setAccessible(true);
        Binding[] bindings = {
            new Binding(people, Person.class.getMethod("getName"), null, null),
            new Binding(people, greet, null, null),
            new Binding(people, null, Person.class.getDeclaredField("age"), null),
            new Binding(scope -> true, null, null, Person.class.getConstructor(String.class, int.class)),
        };
        for (Object scope : new Object[] {new Person("Ada", 36), "not a person", new Person("Alan", 41)}) {
            for (Binding b : bindings) {
                Object v = b.get(scope);
                System.out.println(v instanceof Person ? "Person " + ((Person) v).getName() : v);
            }
        }
    }
}
