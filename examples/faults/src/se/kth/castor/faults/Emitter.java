package se.kth.castor.faults;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Writes a token to the stream it is handed, as PDFBox's `COSWriter.writeString` does:
 * the stream is the application's own (over another one), which the recorder leaves
 * opaque, and what the method writes there is not recorded. With no other test to be
 * had, an output stream that keeps nothing stands in for it, under a comment saying
 * so; the call oracle still checks what the method asked of the token.
 */
public final class Emitter {
    private Emitter() {}

    /** What is written: bytes, as they are or in hexadecimal. */
    public interface Token {
        byte[] bytes();

        boolean hex();
    }

    /** A stream of the application's that counts what passes through it. */
    public static class CountingStream extends FilterOutputStream {
        int written;

        public CountingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            super.write(b);
            written++;
        }
    }

    /** A token of fixed bytes. */
    public static final class Word implements Token {
        private final byte[] bytes;
        private final boolean hex;

        public Word(String text, boolean hex) {
            this.bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            this.hex = hex;
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean hex() {
            return hex;
        }
    }

    /** A stream of the application's over another one, as PDFBox's `COSInputStream`. */
    public static class Source extends FilterInputStream {
        public Source(InputStream in) {
            super(in);
        }
    }

    /**
     * The stream to read a token's text from, as PDFBox's `PDStream.createInputStream`
     * wraps the raw stream in its filters' decoders without reading it: the stream it is
     * handed is left opaque by the recorder, and one with nothing in it stands in.
     */
    public static InputStream decoded(Token token, InputStream raw) {
        return token.hex() ? new Source(raw) : raw;
    }

    public static void emit(Token token, OutputStream out) throws IOException {
        byte[] bytes = token.bytes();
        if (token.hex()) {
            for (byte b : bytes) {
                out.write(Character.forDigit((b >> 4) & 15, 16));
                out.write(Character.forDigit(b & 15, 16));
            }
        } else {
            out.write(bytes);
        }
    }
}
