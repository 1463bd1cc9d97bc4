package se.kth.castor.csvworkload;

import java.io.StringReader;
import java.io.StringWriter;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

public class Workload {
    static final String[] INPUTS = {
        "name,price,note\nPen,3,\"blue, fine\"\nBook,12,\"say \"\"hi\"\"\"\nLamp,,\n",
        "id;when;what\n1;2024-01-02;start\n# a comment\n2;2024-01-03;\"multi\nline\"\n",
        "a\tb\tc\n1\t2\t3\n\\N\tx\t\n",
    };

    public static void main(String[] args) throws Exception {
        CSVFormat[] formats = {
            CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build(),
            CSVFormat.DEFAULT.builder().setDelimiter(';').setCommentMarker('#').setHeader().setSkipHeaderRecord(true).build(),
            CSVFormat.TDF.builder().setNullString("\\N").setHeader().setSkipHeaderRecord(true).build(),
        };
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < INPUTS.length; i++) {
                try (CSVParser parser = CSVParser.parse(new StringReader(INPUTS[i]), formats[i])) {
                    StringWriter out = new StringWriter();
                    try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setQuoteMode(round == 1 ? QuoteMode.ALL : QuoteMode.MINIMAL).build())) {
                        printer.printRecord(parser.getHeaderNames());
                        for (CSVRecord r : parser) {
                            System.out.println(r.getRecordNumber() + " " + r.size() + " " + r.get(0) + " " + r.isConsistent() + " " + r.toMap());
                            printer.printRecord(r.toList());
                        }
                    }
                    System.out.println(out);
                    System.out.println(parser.getCurrentLineNumber() + " " + parser.getFirstEndOfLine().length());
                }
            }
        }
        // The same dialects read from files.
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("csv-workload");
        for (int i = 0; i < INPUTS.length; i++) {
            java.nio.file.Path file = dir.resolve("input" + i + ".csv");
            java.nio.file.Files.writeString(file, INPUTS[i]);
            try (CSVParser parser = CSVParser.parse(file, java.nio.charset.StandardCharsets.UTF_8, formats[i])) {
                System.out.println(file.getFileName() + ": " + parser.getRecords().size() + " records, headers " + parser.getHeaderNames());
            }
            java.nio.file.Files.delete(file);
        }
        java.nio.file.Files.delete(dir);
    }
}
