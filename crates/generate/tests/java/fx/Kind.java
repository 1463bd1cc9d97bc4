package fx;

enum Kind {
    A,
    B
}
