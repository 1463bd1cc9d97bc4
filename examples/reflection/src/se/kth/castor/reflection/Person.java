package se.kth.castor.reflection;

/** A scope object read through reflection. */
public class Person {
    private final String name;
    int age;

    public Person(String name, int age) {
        this.name = name;
        this.age = age;
    }

    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }

    String greet(String greeting, int times) {
        return (greeting + " " + name + "! ").repeat(times).trim();
    }
}
