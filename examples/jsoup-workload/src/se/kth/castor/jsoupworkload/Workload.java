package se.kth.castor.jsoupworkload;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.safety.Safelist;
import org.jsoup.select.Elements;

/**
 * A workload for jsoup (HTML parsing): pages parsed into documents, queried with CSS
 * selectors, changed, cleaned against a safelist and written back, three rounds. Every
 * page is a constant: no network, no clock; the output is the same on every run.
 */
public class Workload {
    static final String[] PAGES = {
        "<html><head><title>Shop</title><meta charset=utf-8></head><body><div id=main class='a b'>"
            + "<h1>Items</h1><ul><li class=item data-price=3>Pen</li>"
            + "<li class=item data-price=12>Book &amp; more</li><li class='item sold'>Lamp</li></ul>"
            + "<p>Contact <a href='mailto:x@y.z'>us</a> or <a href=/help?q=1&amp;r=2>help</a></p></div></body></html>",
        "<p>Unclosed <b>bold <i>italic</p><table><tr><td>1<td>2<tr><td colspan=2>3</table>"
            + "<!-- note --><script>var a = 1 < 2;</script><p onclick=\"steal()\">Click</p>",
        "<article><header><h2 title=\"T\">News</h2></header><section><p>One</p>"
            + "<p>Two <em>three</em> &copy; &#x41;&#66;</p><img src=a.png alt=pic><br>"
            + "<a href=/rel>link</a><form action=/send><input name=q value=x><select name=s>"
            + "<option selected>a<option>b</select></form></section></article>",
        "<ol start=3><li>First<li>Second<ol><li>Nested</ol><li>Third</ol>"
            + "<pre>  keep   spaces  </pre><code>x &lt; y</code><blockquote cite=src>Quote</blockquote>",
    };

    public static void main(String[] args) {
        for (int round = 0; round < 3; round++) {
            for (String html : PAGES) {
                page(html, round);
            }
        }
    }

    static void page(String html, int round) {
        Document doc = Jsoup.parse(html, "https://example.org/base/");
        doc.outputSettings().prettyPrint(round != 1).charset("UTF-8")
            .escapeMode(round == 2 ? Entities.EscapeMode.xhtml : Entities.EscapeMode.base);
        System.out.println(doc.title() + "|" + doc.body().text());
        Elements items = doc.select("li.item, p > em, a[href], li:nth-child(2), td[colspan]");
        for (Element e : items) {
            System.out.println(e.tagName() + " " + e.text() + " " + e.attr("data-price") + " "
                + e.absUrl("href") + " " + e.hasClass("sold") + " " + e.elementSiblingIndex());
        }
        Element first = doc.selectFirst("h1, h2");
        if (first != null) {
            first.addClass("heading").attr("data-round", String.valueOf(round));
            first.appendElement("small").text("#" + round);
            System.out.println(first.outerHtml());
        }
        for (Element p : doc.getElementsByTag("p")) {
            p.removeAttr("onclick");
            System.out.println(p.ownText() + "/" + p.children().size() + "/" + p.cssSelector());
        }
        Element form = doc.selectFirst("form");
        if (form != null) {
            System.out.println(form.select("input[name], select").eachAttr("name"));
        }
        System.out.println(Jsoup.clean(html, round == 0 ? Safelist.basic() : Safelist.relaxed()));
        System.out.println(doc.select("p").eachText() + " " + doc.getAllElements().size());
        System.out.println(doc.body().html().length() + " " + doc.wholeText().length());
    }
}
