package se.kth.castor.faults;

import java.lang.reflect.Constructor;

/** Finds the constructor that builds a named kind of value. */
public interface Registry {
    Constructor<?> constructorOf(String kind);
}
