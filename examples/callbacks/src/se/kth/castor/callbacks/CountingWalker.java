package se.kth.castor.callbacks;

import java.util.function.Function;

/** A walker that counts the long words it visits, then walks on as its superclass does. */
public class CountingWalker extends Walker {
    private int long_words;

    public CountingWalker(Dictionary dictionary, Function<String, String> normaliser) {
        super(dictionary, normaliser);
    }

    @Override
    public <A> void visit(Node node, A arg) {
        if (node.word().length() > 5) {
            long_words++;
        }
        super.visit(node, arg);
    }

    public int longWords() {
        return long_words;
    }
}
