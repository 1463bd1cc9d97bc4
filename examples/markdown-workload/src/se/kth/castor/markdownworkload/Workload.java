package se.kth.castor.markdownworkload;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.text.TextContentRenderer;

/** Markdown documents parsed, walked and rendered to HTML and plain text (commonmark-java). */
public class Workload {
    static final String[] DOCUMENTS = {
        "# Title\n\nSome *emphasis* and **strong** text with `code`.\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n",
        "## Links\n\nSee [the site](https://example.org \"Example\") and <https://auto.example>.\n\n> a quote\n> over lines\n\n---\n\n![an image](img.png)\n",
        "```java\nint x = 1;\n```\n\n    indented code\n\nA line  \nbreak and a\\\nhard break.\n\n<div>html block</div>\n\n[ref]: /url \"Ref\"\n\nUse [ref] and [text][ref].\n",
        "Setext heading\n===\n\nAnother\n---\n\n* a\n\n* loose item\n\nEntities: &amp; &copy; &#35; and _under_score_ \\*escaped\\*.\n",
    };

    public static void main(String[] args) {
        Parser parser = Parser.builder().build();
        HtmlRenderer html = HtmlRenderer.builder().escapeHtml(false).build();
        HtmlRenderer safe = HtmlRenderer.builder().escapeHtml(true).sanitizeUrls(true).build();
        TextContentRenderer text = TextContentRenderer.builder().build();
        for (int round = 0; round < 3; round++) {
            for (String doc : DOCUMENTS) {
                Node node = parser.parse(doc);
                System.out.println(html.render(node));
                System.out.println(safe.render(node));
                System.out.println(text.render(node));
                Outline outline = new Outline();
                node.accept(outline);
                System.out.println("headings " + outline.headings + " links " + outline.links + " words " + outline.words);
            }
        }
    }

    /** Collects headings, link targets and a word count. */
    static class Outline extends AbstractVisitor {
        final List<String> headings = new ArrayList<>();
        final List<String> links = new ArrayList<>();
        int words;

        @Override
        public void visit(Heading heading) {
            StringBuilder title = new StringBuilder();
            for (Node child = heading.getFirstChild(); child != null; child = child.getNext()) {
                if (child instanceof Text) {
                    title.append(((Text) child).getLiteral());
                }
            }
            headings.add(heading.getLevel() + ":" + title);
            visitChildren(heading);
        }

        @Override
        public void visit(Link link) {
            links.add(link.getDestination());
            visitChildren(link);
        }

        @Override
        public void visit(Text t) {
            words += t.getLiteral().trim().isEmpty() ? 0 : t.getLiteral().trim().split("\\s+").length;
        }
    }
}
