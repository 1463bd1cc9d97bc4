package se.kth.castor.callbacks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The workload: a tree of words walked with lambdas as callbacks. */
public class Main {
    public static void main(String[] args) {
        Node tree = new Node("root", new Node("well-known", new Node("up-to-date")), new Node("plain"));
        Walker walker = new Walker(new Dictionary(), word -> word.toUpperCase());
        List<String> seen = new ArrayList<>();
        Consumer<String> collect = seen::add;
        walker.visit(tree, collect);
        for (Node child : tree.children()) {
            System.out.println(child.word() + ": " + walker.count(child, part -> part.length() > 3));
            System.out.println(walker.normalise(child) + " keeps " + walker.keep(child, part -> part.startsWith("w")));
            StringBuilder parts = new StringBuilder();
            System.out.println(walker.each(child, part -> parts.append('[').append(part).append(']')) + " " + parts);
        }
        System.out.println("seen " + seen.size());
        CountingWalker counting = new CountingWalker(new Dictionary(), String::trim);
        counting.visit(tree, "the walk's argument");
        System.out.println("long words " + counting.longWords());
    }
}
