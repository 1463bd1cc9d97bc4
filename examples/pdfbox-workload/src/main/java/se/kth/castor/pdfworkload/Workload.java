package se.kth.castor.pdfworkload;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.apache.pdfbox.tools.ExtractImages;
import org.apache.pdfbox.tools.ExtractText;
import org.apache.pdfbox.tools.PDFMerger;
import org.apache.pdfbox.tools.PDFSplit;

/**
 * A PDFBox production workload in one JVM, for recording: for each PDF given, extract its
 * text and its images and split it into pages; then merge all PDFs into one and extract
 * the merged text (with two PDFs or more). Uses PDFBox's own command-line tools, as the
 * rick paper's workload did.
 *
 * <p>Usage: {@code Workload <outDir> <pdf>...}
 */
public final class Workload {
    private Workload() {
    }

    public static void main(String[] args) throws Exception {
        File out = new File(args[0]);
        out.mkdirs();
        List<String> merge = new ArrayList<>();
        merge.add("-o");
        File merged = new File(out, "merged.pdf");
        for (int i = 1; i < args.length; i++) {
            File pdf = new File(args[i]);
            String base = new File(out, pdf.getName().replaceAll("\\.pdf$", "")).getPath();
            ExtractText.main(new String[] {"-encoding", "UTF-8", pdf.getPath(), base + ".txt"});
            ExtractImages.main(new String[] {"-prefix", base, pdf.getPath()});
            PDFSplit.main(new String[] {"-split", "1", "-outputPrefix", base + "-page", pdf.getPath()});
            merge.add(pdf.getPath());
            System.out.println("processed " + pdf.getName());
        }
        if (merge.size() >= 3) {
            // PDFMerger takes the sources first and the destination last.
            merge.remove(0);
            merge.add(merged.getPath());
            PDFMerger.main(merge.toArray(new String[0]));
            ExtractText.main(new String[] {"-encoding", "UTF-8", merged.getPath(), new File(out, "merged.txt").getPath()});
            System.out.println("merged " + (args.length - 1) + " PDFs");
        }
    }
}
