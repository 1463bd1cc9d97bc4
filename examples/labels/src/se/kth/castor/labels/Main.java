package se.kth.castor.labels;

/** Labels tags, asks about them and clears them; prints what it sees. */
public class Main {
    public static void main(String[] args) {
        Tag plain = new Tag("p");
        Tag item = new Tag("li").label("item").label("sold");
        Tag link = new Tag("a").label("external");
        System.out.println(plain.hasLabel("item") + " " + item.hasLabel("item") + " " + item.hasLabel("new"));
        System.out.println(link.hasLabel("external") + " " + link);
        System.out.println(item.clearLabels() + " " + link.clearLabels() + " " + plain.clearLabels());
        System.out.println(item.hasLabel("item") + " " + item.label("again").hasLabel("again"));
    }
}
