package se.kth.castor.jdomworkload;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.jdom2.Attribute;
import org.jdom2.Comment;
import org.jdom2.Content;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.Text;
import org.jdom2.filter.Filters;
import org.jdom2.input.SAXBuilder;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;
import org.jdom2.util.IteratorIterable;
import org.jdom2.xpath.XPathExpression;
import org.jdom2.xpath.XPathFactory;

/**
 * A workload for JDOM 2 (an XML document model): catalogues parsed from text, walked,
 * queried with XPath, changed (elements added, moved, removed, attributes set), built
 * from scratch with namespaces, and written back pretty and compact. Prints what it
 * finds, so a run under the agent can be compared with a plain one.
 */
public final class Workload {
    private static final String[] CATALOGUES = {
        "<?xml version=\"1.0\"?>\n<catalogue shop=\"north\">\n"
            + "  <!-- the autumn list -->\n"
            + "  <book id=\"b1\" price=\"12.50\" lang=\"en\"><title>Rivers</title><author>Ann Lee</author><tags><tag>nature</tag><tag>travel</tag></tags></book>\n"
            + "  <book id=\"b2\" price=\"8.00\" lang=\"sv\"><title>Skogen</title><author>Per Berg</author></book>\n"
            + "  <book id=\"b3\" price=\"21.00\" lang=\"en\"><title>Stone &amp; Glass</title><author>Jo Park</author><author>Kim Ra</author><tags><tag>art</tag></tags></book>\n"
            + "  <magazine id=\"m1\" issue=\"44\"><title>Weekly</title></magazine>\n"
            + "</catalogue>",
        "<catalogue shop=\"south\" xmlns:x=\"urn:extra\">"
            + "<book id=\"c1\" price=\"5.25\"><title>Short <em>and</em> sweet</title><author>Li Wu</author><x:note>signed</x:note></book>"
            + "<book id=\"c2\" price=\"30\"><title>Long</title><author>Ola Nord</author><![CDATA[raw <stuff>]]></book>"
            + "<book id=\"c3\" price=\"0.99\" lang=\"de\"><title>Kurz</title></book>"
            + "</catalogue>",
        "<catalogue shop=\"east\"><book id=\"d1\" price=\"14\"><title>One</title><author>A</author><author>B</author><author>C</author></book></catalogue>",
    };

    public static void main(String[] args) throws Exception {
        SAXBuilder builder = new SAXBuilder();
        XPathFactory xpath = XPathFactory.instance();
        XPathExpression<Element> cheap = xpath.compile("//book[number(@price) < 10]", Filters.element());
        XPathExpression<Attribute> ids = xpath.compile("//@id", Filters.attribute());
        XPathExpression<Object> count = xpath.compile("count(//author)");
        XMLOutputter pretty = new XMLOutputter(Format.getPrettyFormat());
        XMLOutputter compact = new XMLOutputter(Format.getCompactFormat().setOmitDeclaration(true));
        for (int round = 0; round < 3; round++) {
            for (String text : CATALOGUES) {
                Document doc = builder.build(new StringReader(text));
                Element root = doc.getRootElement();
                System.out.println("shop " + root.getAttributeValue("shop") + ", children " + root.getChildren().size()
                    + ", content " + root.getContentSize());
                for (Element book : root.getChildren("book")) {
                    describe(book);
                }
                for (Element e : cheap.evaluate(doc)) {
                    System.out.println("  cheap: " + e.getChildTextTrim("title"));
                }
                List<String> idList = new ArrayList<>();
                for (Attribute a : ids.evaluate(doc)) {
                    idList.add(a.getValue());
                }
                System.out.println("  ids " + idList + ", authors " + count.evaluateFirst(doc));
                change(root, round);
                IteratorIterable<Content> all = doc.getDescendants();
                int elements = 0, texts = 0, comments = 0;
                for (Content c : all) {
                    if (c instanceof Element) elements++;
                    else if (c instanceof Comment) comments++;
                    else if (c instanceof Text) texts++;
                }
                System.out.println("  after change: " + elements + " elements, " + texts + " texts, " + comments + " comments");
                StringWriter out = new StringWriter();
                (round == 1 ? pretty : compact).output(doc, out);
                System.out.println(out);
                Document copy = doc.clone();
                System.out.println("  clone equal text: " + compact.outputString(copy).equals(compact.outputString(doc)));
            }
            System.out.println(compact.outputString(built(round)));
            System.out.println(pretty.outputString(built(round + 1)));
        }
    }

    private static void describe(Element book) {
        StringBuilder line = new StringBuilder("  ");
        line.append(book.getAttributeValue("id")).append(' ')
            .append(book.getChildText("title")).append(" [")
            .append(book.getAttributeValue("lang", "?")).append("] ");
        List<Element> authors = book.getChildren("author");
        for (int i = 0; i < authors.size(); i++) {
            line.append(i == 0 ? "by " : ", ").append(authors.get(i).getTextNormalize());
        }
        Element tags = book.getChild("tags");
        if (tags != null) {
            line.append(" tags");
            for (Element tag : tags.getChildren()) {
                line.append(' ').append(tag.getText());
            }
        }
        Attribute price = book.getAttribute("price");
        try {
            line.append(" costs ").append(price.getDoubleValue());
        } catch (Exception e) {
            line.append(" price? ").append(e.getClass().getSimpleName());
        }
        line.append(" value ").append(book.getValue().length());
        System.out.println(line);
    }

    private static void change(Element root, int round) {
        List<Element> books = new ArrayList<>(root.getChildren("book"));
        if (books.isEmpty()) {
            return;
        }
        Element first = books.get(0);
        first.setAttribute("checked", "round" + round);
        first.addContent(new Element("stock").setText(Integer.toString(round * 7 + books.size())));
        Element last = books.get(books.size() - 1);
        last.detach();
        root.addContent(0, last);
        if (books.size() > 2) {
            root.removeContent(books.get(1));
        }
        for (Element b : root.getChildren("book")) {
            Element title = b.getChild("title");
            if (title != null) {
                title.setText(title.getTextTrim().toUpperCase());
            }
            b.removeAttribute("lang");
        }
        root.sortChildren((a, b) -> a.getAttributeValue("id", "").compareTo(b.getAttributeValue("id", "")));
    }

    private static Document built(int n) {
        Namespace ns = Namespace.getNamespace("inv", "urn:inventory");
        Element root = new Element("inventory", ns);
        root.addNamespaceDeclaration(Namespace.getNamespace("x", "urn:extra"));
        for (int i = 0; i <= n; i++) {
            Element item = new Element("item", ns).setAttribute("n", Integer.toString(i));
            item.addContent(new Element("name", ns).setText("item " + i + (i % 2 == 0 ? " & co" : " <b>")));
            item.addContent(new Comment(" count " + (i * 3)));
            item.addContent(new Element("qty", ns).addContent(new Text(Integer.toString(i * 3))));
            root.addContent(item);
        }
        return new Document(root);
    }
}
