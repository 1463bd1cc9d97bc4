package se.kth.castor.pdfworkload;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TimeZone;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitWidthDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.util.Matrix;

/**
 * Writes a small, deterministic corpus of PDF documents with Apache PDFBox
 * 2.0.24. The documents are the input of the PDFBox workload (text and image
 * extraction, conversion, splitting, ...), in the spirit of the PDFBox case
 * study of the paper "Mimicking Production Behavior with Generated Mocks".
 *
 * <p>Usage: {@code java -cp pdfbox-app-2.0.24.jar:out se.kth.castor.pdfworkload.MakePdfs <outDir>}
 *
 * <p>Nothing depends on the clock or on randomness: document dates and file
 * identifiers are fixed, so running the program twice produces the same
 * bytes (given the same JDK and fonts).
 */
public final class MakePdfs {

    static final String STANDARD_FONTS_PDF = "standard14-fonts.pdf";
    static final String TRUETYPE_PDF = "embedded-truetype.pdf";
    static final String IMAGES_PDF = "images.pdf";
    static final String TABLES_PDF = "tables-rotated.pdf";

    private static final float MARGIN = 72;

    /**
     * PDFBox logs, at WARNING level, when it builds its font cache and which
     * system fonts it would use to render the standard 14 fonts. That is
     * irrelevant when writing documents, so it is silenced (the static field
     * keeps the logger, and so its level, alive).
     */
    private static final Logger PDFBOX_FONT_LOGGER =
            Logger.getLogger("org.apache.pdfbox.pdmodel.font");

    private static final String[] PARAGRAPHS = {
        "On 14 March 2023, the 07:45 regional train from Uppsala to Stockholm carried 1,287 passengers;"
            + " 312 of them (24.2%) travelled on monthly passes, and the remaining 975 bought single"
            + " tickets at 89.50 SEK each.",
        "Checklist for release 2.4.1: (a) bump the version in pom.xml; (b) run all 3,456 unit tests --"
            + " they should finish in under 90 seconds; (c) tag the commit as \"v2.4.1\"; and (d) announce"
            + " it on the mailing list!",
        "Why do mocks matter? Because a unit test that talks to a real payment gateway is slow, flaky"
            + " and, occasionally, expensive: one misconfigured test suite once charged $0.01 to 10,000"
            + " cards before anyone noticed.",
        "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs! How"
            + " vexingly quick daft zebras jump? Sphinx of black quartz, judge my vow.",
        "Measurements, in order: 3.14159, 2.71828, 1.41421, 1.73205, 0.57722 and 1.61803 -- the"
            + " constants pi, e, sqrt(2), sqrt(3), gamma and phi, rounded to five decimal places.",
        "Email support@example.org or call +46 8 790 60 00 between 09:00 and 17:00 (CET),"
            + " Monday-Friday. Ticket #A-2047 is still open; please quote it in all replies"
            + " [priority: high].",
    };

    /**
     * Text for the embedded TrueType font. The strings are written with
     * unicode escapes so that the source compiles whatever javac's default
     * encoding is. The first one reads
     * "&AElig;r&oslash;sk&oslash;bing, caf&eacute;, na&iuml;ve, Stra&szlig;e."
     */
    private static final String[] NON_ASCII_LINES = {
        // Danish, French and German: AEroskobing, cafe, naive, Strasse (with their accents)
        "\u00c6r\u00f8sk\u00f8bing, caf\u00e9, na\u00efve, Stra\u00dfe.",
        // French: cedilla, accents, oe ligature, guillemets, euro sign
        "Fran\u00e7ais : gar\u00e7on, d\u00e9j\u00e0 vu, c\u0153ur, \u00ab guillemets "
            + "\u00bb, 12,50 \u20ac.",
        // German: umlauts and sharp s
        "Deutsch: Gr\u00f6\u00dfe, \u00dcberma\u00df, "
            + "Fu\u00dfg\u00e4nger\u00fcberg\u00e4nge, sch\u00f6n.",
        // Swedish: a-ring and umlauts
        "Svenska: G\u00f6teborg, Malm\u00f6, V\u00e4ster\u00e5s, \u00e5lder, \u00e4rlig.",
        // Danish and Norwegian: AE and o-slash
        "Dansk og norsk: \u00c6blegr\u00f8d, br\u00f8d, s\u00f8ster, bl\u00e5b\u00e6r.",
        // Spanish: n-tilde, inverted question and exclamation marks
        "Espa\u00f1ol: a\u00f1o, se\u00f1or, \u00bfqu\u00e9 tal?, \u00a1ol\u00e9!",
        // Czech pangram: caron, ring and acute accents
        "\u010ce\u0161tina: P\u0159\u00edli\u0161 \u017elu\u0165ou\u010dk\u00fd "
            + "k\u016f\u0148 \u00fap\u011bl \u010f\u00e1belsk\u00e9 \u00f3dy.",
        // Polish pangram: ogonek, dot above, acute accents
        "Polski: Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144.",
        // Greek: "Good morning, world."
        "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac: "
            + "\u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1 \u03ba\u03cc\u03c3\u03bc\u03b5.",
        // Russian pangram (Cyrillic)
        "\u0420\u0443\u0441\u0441\u043a\u0438\u0439: \u0421\u044a\u0435\u0448\u044c "
            + "\u0436\u0435 \u0435\u0449\u0451 \u044d\u0442\u0438\u0445 "
            + "\u043c\u044f\u0433\u043a\u0438\u0445 "
            + "\u0444\u0440\u0430\u043d\u0446\u0443\u0437\u0441\u043a\u0438\u0445 "
            + "\u0431\u0443\u043b\u043e\u043a.",
        // Symbols: plus-minus, times, divide, fractions, degree, micro, section, pilcrow,
        // copyright, registered, trademark, dashes, ellipsis, bullet, per mille
        "Symbols: \u00b1 \u00d7 \u00f7 \u00bd \u00bc \u00b0 \u00b5 \u00a7 \u00b6 \u00a9 "
            + "\u00ae \u2122 \u2014 \u2013 \u2026 \u2022 \u2030",
    };

    private MakePdfs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: MakePdfs <outDir>");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        // Before PDFBox's font classes load: PDFBox caches its list of system fonts
        // in a file; keep it out of the home directory.
        if (System.getProperty("pdfbox.fontcache") == null) {
            System.setProperty("pdfbox.fontcache", System.getProperty("java.io.tmpdir"));
        }
        PDFBOX_FONT_LOGGER.setLevel(Level.SEVERE);
        Path outDir = Paths.get(args[0]);
        Files.createDirectories(outDir);

        writeStandardFontsPdf(outDir.resolve(STANDARD_FONTS_PDF));
        Optional<Path> ttf = findTrueTypeFont();
        if (ttf.isPresent()) {
            writeTrueTypePdf(outDir.resolve(TRUETYPE_PDF), ttf.get());
        } else {
            System.out.println("note: no TrueType (.ttf) font found under /usr/share/fonts or the JDK;"
                    + " skipped " + TRUETYPE_PDF);
        }
        writeImagesPdf(outDir.resolve(IMAGES_PDF));
        writeTablesPdf(outDir.resolve(TABLES_PDF));
    }

    // ------------------------------------------------------------------
    // 1. Multi-page text in the standard 14 fonts, with an outline.

    static void writeStandardFontsPdf(Path file) throws IOException {
        // The twelve non-symbolic standard 14 fonts, which every PDF reader must provide.
        PDType1Font[] fonts = {
            PDType1Font.HELVETICA, PDType1Font.HELVETICA_BOLD,
            PDType1Font.HELVETICA_OBLIQUE, PDType1Font.HELVETICA_BOLD_OBLIQUE,
            PDType1Font.TIMES_ROMAN, PDType1Font.TIMES_BOLD,
            PDType1Font.TIMES_ITALIC, PDType1Font.TIMES_BOLD_ITALIC,
            PDType1Font.COURIER, PDType1Font.COURIER_BOLD,
            PDType1Font.COURIER_OBLIQUE, PDType1Font.COURIER_BOLD_OBLIQUE,
        };
        try (PDDocument doc = new PDDocument()) {
            PDDocumentOutline outline = new PDDocumentOutline();
            doc.getDocumentCatalog().setDocumentOutline(outline);
            try (TextFlow flow = new TextFlow(doc, PDRectangle.A4)) {
                flow.paragraph("The Standard 14 Fonts", PDType1Font.HELVETICA_BOLD, 20);
                flow.paragraph("Each section below repeats a few paragraphs in one of the standard"
                        + " fonts. No font is embedded in this file.", PDType1Font.TIMES_ROMAN, 12);
                float[] sizes = {10, 11, 12, 9};
                for (int i = 0; i < fonts.length; i++) {
                    PDType1Font font = fonts[i];
                    float size = sizes[i % sizes.length];
                    String title = String.format(Locale.ROOT, "Section %d: %s, %.0f pt",
                            i + 1, font.getBaseFont(), size);
                    flow.heading(title, PDType1Font.HELVETICA_BOLD, 14);
                    addBookmark(outline, title, flow.currentPage());
                    for (int p = 0; p < 3; p++) {
                        flow.paragraph(PARAGRAPHS[(i + p) % PARAGRAPHS.length], font, size);
                    }
                }
            }
            save(doc, file, "Standard 14 fonts");
        }
    }

    private static void addBookmark(PDDocumentOutline outline, String title, PDPage page) {
        PDPageFitWidthDestination destination = new PDPageFitWidthDestination();
        destination.setPage(page);
        PDOutlineItem item = new PDOutlineItem();
        item.setTitle(title);
        item.setDestination(destination);
        outline.addLast(item);
    }

    // ------------------------------------------------------------------
    // 2. An embedded (subset) TrueType font with non-ASCII text.

    static void writeTrueTypePdf(Path file, Path fontFile) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDType0Font font = PDType0Font.load(doc, fontFile.toFile());
            try (TextFlow flow = new TextFlow(doc, PDRectangle.A4)) {
                flow.paragraph("Embedded TrueType font: " + fontFile.getFileName(), font, 18);
                flow.paragraph("Only the glyphs used below are embedded (a subset). The lines mix"
                        + " Latin, Greek and Cyrillic letters, digits 0-9 and punctuation.", font, 11);
                for (String line : NON_ASCII_LINES) {
                    if (canEncode(font, line)) {
                        flow.paragraph(line, font, 13);
                    } else {
                        System.out.println("note: " + fontFile.getFileName()
                                + " cannot show the line \"" + line + "\"; skipped it");
                    }
                }
                flow.paragraph(PARAGRAPHS[0], font, 11);
            }
            save(doc, file, "Embedded TrueType font");
        }
    }

    private static boolean canEncode(PDFont font, String text) throws IOException {
        try {
            font.encode(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Looks for DejaVuSans.ttf first, then for any other .ttf file, under
     * /usr/share/fonts and then under the JDK's own lib/fonts directory.
     */
    static Optional<Path> findTrueTypeFont() throws IOException {
        List<Path> roots = List.of(
                Paths.get("/usr/share/fonts"),
                Paths.get(System.getProperty("java.home"), "lib", "fonts"));
        List<Path> candidates = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".ttf"))
                        .sorted()
                        .forEach(candidates::add);
            }
        }
        return candidates.stream()
                .filter(f -> f.getFileName().toString().equals("DejaVuSans.ttf"))
                .findFirst()
                .or(() -> candidates.stream().findFirst());
    }

    // ------------------------------------------------------------------
    // 3. Images drawn in code, embedded losslessly and as JPEG, with captions.

    static void writeImagesPdf(Path file) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            BufferedImage gradient = gradientImage(320, 200);
            BufferedImage shapes = translucentShapesImage(300, 200);
            BufferedImage gray = grayPatternImage(256, 160);

            PDPage first = new PDPage(PDRectangle.A4);
            doc.addPage(first);
            try (PDPageContentStream cs = new PDPageContentStream(doc, first)) {
                float top = first.getMediaBox().getHeight() - MARGIN;
                showText(cs, PDType1Font.HELVETICA_BOLD, 18, MARGIN, top - 18,
                        "Images drawn with Java 2D");
                drawFigure(cs, LosslessFactory.createFromImage(doc, gradient),
                        MARGIN, top - 250, 320, 200,
                        "Figure 1. A diagonal gradient with rings, embedded losslessly (RGB, 320 x 200 px).");
                drawFigure(cs, LosslessFactory.createFromImage(doc, shapes),
                        MARGIN, top - 520, 300, 200,
                        "Figure 2. Translucent shapes, embedded losslessly with a soft mask (ARGB).");
            }

            PDPage second = new PDPage(PDRectangle.A4);
            doc.addPage(second);
            try (PDPageContentStream cs = new PDPageContentStream(doc, second)) {
                float top = second.getMediaBox().getHeight() - MARGIN;
                drawFigure(cs, JPEGFactory.createFromImage(doc, gradient, 0.85f),
                        MARGIN, top - 200, 320, 200,
                        "Figure 3. The gradient of Figure 1 again, as a JPEG at quality 0.85.");
                drawFigure(cs, LosslessFactory.createFromImage(doc, gray),
                        MARGIN, top - 420, 256, 160,
                        "Figure 4. A computed grayscale pattern (DeviceGray, 256 x 160 px).");
                drawFigure(cs, JPEGFactory.createFromImage(doc, gray),
                        MARGIN + 280, top - 420, 128, 80,
                        "Figure 5. Figure 4 as a JPEG, half size.");
            }
            save(doc, file, "Images");
        }
    }

    private static void drawFigure(PDPageContentStream cs, PDImageXObject image, float x, float y,
            float width, float height, String caption) throws IOException {
        cs.drawImage(image, x, y, width, height);
        showText(cs, PDType1Font.TIMES_ITALIC, 10, x, y - 14, caption);
    }

    static BufferedImage gradientImage(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            Color blue = new Color(20, 60, 160);
            Color orange = new Color(250, 170, 40);
            g.setPaint(new GradientPaint(0, 0, blue, width, height, orange));
            g.fillRect(0, 0, width, height);
            g.setStroke(new BasicStroke(3));
            for (int r = 20; r < height; r += 25) {
                g.setColor(new Color(255, 255, 255, 200 - r / 2));
                g.drawOval(width / 2 - r, height / 2 - r, 2 * r, 2 * r);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    static BufferedImage translucentShapesImage(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.7f));
            g.setColor(Color.RED);
            g.fillRect(20, 20, 140, 100);
            g.setColor(Color.GREEN.darker());
            g.fillOval(100, 60, 150, 120);
            g.setColor(Color.BLUE);
            g.fillPolygon(new Polygon(new int[] {200, 290, 160}, new int[] {10, 110, 150}, 3));
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(4, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.drawLine(10, 190, 290, 130);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** Computed pixel by pixel with integer arithmetic only. */
    static BufferedImage grayPatternImage(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                boolean checker = ((x / 32) + (y / 32)) % 2 == 0;
                int level = checker ? x : 255 - (x * y) % 256;
                image.getRaster().setSample(x, y, 0, level);
            }
        }
        return image;
    }

    // ------------------------------------------------------------------
    // 4. Tables of numbers in columns, one of them on a page rotated by 90 degrees.

    private static final String[] ROUTES = {
        "Uppsala - Stockholm", "Stockholm - Gothenburg", "Gothenburg - Malmo",
        "Malmo - Copenhagen", "Stockholm - Sundsvall", "Sundsvall - Umea",
        "Umea - Lulea", "Lulea - Kiruna", "Kiruna - Narvik", "Stockholm - Oslo",
    };

    static void writeTablesPdf(Path file) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage portrait = new PDPage(PDRectangle.A4);
            doc.addPage(portrait);
            try (PDPageContentStream cs = new PDPageContentStream(doc, portrait)) {
                float top = portrait.getMediaBox().getHeight() - MARGIN;
                showText(cs, PDType1Font.HELVETICA_BOLD, 16, MARGIN, top - 16,
                        "Table 1. Tickets sold per route and quarter, 2023");
                drawQuarterlyTable(cs, MARGIN, top - 50);
            }

            // A landscape table on a portrait page whose /Rotate is 90: the content is drawn
            // rotated so that it reads upright once a viewer applies the page rotation.
            PDPage rotated = new PDPage(PDRectangle.A4);
            rotated.setRotation(90);
            doc.addPage(rotated);
            try (PDPageContentStream cs = new PDPageContentStream(doc, rotated)) {
                float pageWidth = rotated.getMediaBox().getWidth();
                cs.transform(new Matrix(0, 1, -1, 0, pageWidth, 0));
                // From here on, y runs along the portrait page's width.
                float top = pageWidth - MARGIN / 2;
                showText(cs, PDType1Font.HELVETICA_BOLD, 14, MARGIN / 2, top - 14,
                        "Table 2. Monthly revenue per route, kSEK (page rotated 90 degrees)");
                drawMonthlyTable(cs, MARGIN / 2, top - 40);
            }
            save(doc, file, "Tables");
        }
    }

    /** Tickets per quarter, with a total column and a total row; numbers have thousands separators. */
    private static void drawQuarterlyTable(PDPageContentStream cs, float left, float top) throws IOException {
        String[] header = {"Route", "Q1", "Q2", "Q3", "Q4", "Total"};
        float[] columns = {left, 300, 350, 400, 450, 520};
        String[][] rows = new String[ROUTES.length + 1][header.length];
        int[] quarterTotals = new int[4];
        int grandTotal = 0;
        for (int r = 0; r < ROUTES.length; r++) {
            rows[r][0] = ROUTES[r];
            int routeTotal = 0;
            for (int q = 0; q < 4; q++) {
                int sold = ticketsSold(r, q);
                rows[r][q + 1] = String.format(Locale.ROOT, "%,d", sold);
                routeTotal += sold;
                quarterTotals[q] += sold;
            }
            rows[r][5] = String.format(Locale.ROOT, "%,d", routeTotal);
            grandTotal += routeTotal;
        }
        String[] totals = rows[ROUTES.length];
        totals[0] = "All routes";
        for (int q = 0; q < 4; q++) {
            totals[q + 1] = String.format(Locale.ROOT, "%,d", quarterTotals[q]);
        }
        totals[5] = String.format(Locale.ROOT, "%,d", grandTotal);
        drawTable(cs, header, rows, columns, top, PDType1Font.HELVETICA, 10);
    }

    /** Revenue per month with one decimal, in a monospaced font, twelve number columns wide. */
    private static void drawMonthlyTable(PDPageContentStream cs, float left, float top) throws IOException {
        String[] months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        String[] header = new String[months.length + 1];
        float[] columns = new float[months.length + 1];
        header[0] = "Route";
        columns[0] = left;
        for (int m = 0; m < months.length; m++) {
            header[m + 1] = months[m];
            columns[m + 1] = 230 + 48 * m;
        }
        String[][] rows = new String[ROUTES.length][months.length + 1];
        for (int r = 0; r < ROUTES.length; r++) {
            rows[r][0] = ROUTES[r];
            for (int m = 0; m < months.length; m++) {
                rows[r][m + 1] = String.format(Locale.ROOT, "%.1f", revenue(r, m) / 10.0);
            }
        }
        drawTable(cs, header, rows, columns, top, PDType1Font.COURIER, 9);
    }

    /** Made-up but reproducible sales figures. */
    static int ticketsSold(int route, int quarter) {
        return 1000 + ((route + 3) * 7919 + quarter * 4273 + route * quarter * 131) % 9000;
    }

    /** Made-up but reproducible revenue, in hundreds of SEK. */
    static int revenue(int route, int month) {
        return 500 + ((route + 1) * 3137 + (month + 1) * 1777 + route * month * 59) % 4500;
    }

    /**
     * Draws a table whose first column is left-aligned at {@code columns[0]}
     * and whose other columns are right-aligned at {@code columns[i]}.
     */
    private static void drawTable(PDPageContentStream cs, String[] header, String[][] rows,
            float[] columns, float top, PDFont font, float size) throws IOException {
        float rowHeight = size * 1.8f;
        float left = columns[0];
        float right = columns[columns.length - 1] + 4;
        float y = top;
        drawRow(cs, header, columns, y, PDType1Font.HELVETICA_BOLD, size);
        cs.setLineWidth(0.8f);
        cs.moveTo(left, y - size * 0.6f);
        cs.lineTo(right, y - size * 0.6f);
        cs.stroke();
        cs.setLineWidth(0.3f);
        for (String[] row : rows) {
            y -= rowHeight;
            drawRow(cs, row, columns, y, font, size);
            cs.moveTo(left, y - size * 0.6f);
            cs.lineTo(right, y - size * 0.6f);
            cs.stroke();
        }
    }

    private static void drawRow(PDPageContentStream cs, String[] cells, float[] columns, float y,
            PDFont font, float size) throws IOException {
        showText(cs, font, size, columns[0], y, cells[0]);
        for (int c = 1; c < cells.length; c++) {
            float width = font.getStringWidth(cells[c]) / 1000 * size;
            showText(cs, font, size, columns[c] - width, y, cells[c]);
        }
    }

    // ------------------------------------------------------------------
    // Helpers.

    private static void showText(PDPageContentStream cs, PDFont font, float size, float x, float y,
            String text) throws IOException {
        cs.beginText();
        cs.setFont(font, size);
        cs.newLineAtOffset(x, y);
        cs.showText(text);
        cs.endText();
    }

    /**
     * Saves {@code doc} with fixed metadata, dates and file identifier, so that
     * the output does not depend on when it was written.
     */
    private static void save(PDDocument doc, Path file, String title) throws IOException {
        PDDocumentInformation info = doc.getDocumentInformation();
        info.setTitle(title);
        info.setAuthor("mimic examples");
        info.setSubject("Input document for the PDFBox workload");
        info.setKeywords("mimic, pdfbox, workload");
        info.setCreator("se.kth.castor.pdfworkload.MakePdfs");
        info.setProducer("Apache PDFBox 2.0.24");
        info.setCreationDate(fixedDate());
        info.setModificationDate(fixedDate());

        // Without an /ID, PDFBox derives one from the current time.
        byte[] id = md5(file.getFileName().toString());
        COSArray idArray = new COSArray();
        idArray.add(new COSString(id));
        idArray.add(new COSString(id));
        doc.getDocument().getTrailer().setItem(COSName.ID, idArray);

        doc.save(file.toFile());
        System.out.printf("wrote %s (%d pages)%n", file.getFileName(), doc.getNumberOfPages());
    }

    private static Calendar fixedDate() {
        Calendar date = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
        date.clear();
        date.set(2024, Calendar.JANUARY, 15, 12, 0, 0);
        return date;
    }

    private static byte[] md5(String text) {
        try {
            return MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides MD5", e);
        }
    }

    /**
     * Lays out paragraphs top to bottom, wrapping lines to the page width and
     * starting a new page (with a page number at the bottom) when one is full.
     */
    private static final class TextFlow implements AutoCloseable {

        private final PDDocument doc;
        private final PDRectangle pageSize;
        private PDPage page;
        private PDPageContentStream stream;
        private float y;

        TextFlow(PDDocument doc, PDRectangle pageSize) {
            this.doc = doc;
            this.pageSize = pageSize;
        }

        /** The page the next line will go on. */
        PDPage currentPage() throws IOException {
            if (page == null) {
                newPage();
            }
            return page;
        }

        /** A one-line paragraph that is kept on the same page as the next two lines. */
        void heading(String text, PDFont font, float size) throws IOException {
            if (stream == null || y - 4 * size * 1.35f < MARGIN) {
                newPage();
            }
            paragraph(text, font, size);
        }

        void paragraph(String text, PDFont font, float size) throws IOException {
            float leading = size * 1.35f;
            for (String line : wrap(text, font, size, pageSize.getWidth() - 2 * MARGIN)) {
                if (stream == null || y - leading < MARGIN) {
                    newPage();
                }
                y -= leading;
                showText(stream, font, size, MARGIN, y, line);
            }
            y -= size * 0.8f;
        }

        private void newPage() throws IOException {
            close();
            page = new PDPage(pageSize);
            doc.addPage(page);
            stream = new PDPageContentStream(doc, page);
            y = pageSize.getHeight() - MARGIN;
        }

        /** Finishes the current page, if any, with its page number at the bottom. */
        @Override
        public void close() throws IOException {
            if (stream != null) {
                String number = "Page " + doc.getNumberOfPages();
                float width = PDType1Font.HELVETICA.getStringWidth(number) / 1000 * 9;
                float x = (pageSize.getWidth() - width) / 2;
                showText(stream, PDType1Font.HELVETICA, 9, x, MARGIN / 2, number);
                stream.close();
                stream = null;
            }
        }

        private static List<String> wrap(String text, PDFont font, float size, float maxWidth)
                throws IOException {
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            for (String word : text.split(" ")) {
                String candidate = line.length() == 0 ? word : line + " " + word;
                if (line.length() > 0 && font.getStringWidth(candidate) / 1000 * size > maxWidth) {
                    lines.add(line.toString());
                    line.setLength(0);
                    line.append(word);
                } else {
                    line.setLength(0);
                    line.append(candidate);
                }
            }
            if (line.length() > 0) {
                lines.add(line.toString());
            }
            return lines;
        }
    }
}
