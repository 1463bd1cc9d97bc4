package se.kth.castor.textworkload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.text.CaseUtils;
import org.apache.commons.text.StringEscapeUtils;
import org.apache.commons.text.StringSubstitutor;
import org.apache.commons.text.StringTokenizer;
import org.apache.commons.text.TextStringBuilder;
import org.apache.commons.text.WordUtils;
import org.apache.commons.text.lookup.StringLookupFactory;
import org.apache.commons.text.similarity.JaroWinklerSimilarity;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Templates substituted, text tokenized, wrapped, escaped and compared (Commons Text). */
public class Workload {
    public static void main(String[] args) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("name", "Ada");
        values.put("city", "London");
        values.put("year", 1843);
        StringSubstitutor plain = new StringSubstitutor(values);
        StringSubstitutor nested = new StringSubstitutor(StringLookupFactory.INSTANCE.mapStringLookup(values));
        nested.setEnableSubstitutionInVariables(true);
        StringSubstitutor custom = new StringSubstitutor(values, "<<", ">>", '\\');
        String[] templates = {
            "${name} lived in ${city} in ${year}.",
            "Unknown ${missing:-default} and escaped $${name}.",
            "${name} ${na${empty:-me}}",
        };
        for (int round = 0; round < 2; round++) {
            for (String t : templates) {
                System.out.println(plain.replace(t));
                System.out.println(nested.replace(t));
            }
            System.out.println(custom.replace("<<name>> from <<city>> \\<<year>>"));
            StringTokenizer tokens = new StringTokenizer("a, b ,\"c, d\", e", ',', '"');
            tokens.setTrimmerMatcher(org.apache.commons.text.matcher.StringMatcherFactory.INSTANCE.trimMatcher());
            List<String> list = tokens.getTokenList();
            System.out.println(list + " " + tokens.size());
            TextStringBuilder b = new TextStringBuilder();
            b.append("Hello").appendSeparator(", ").append("world").appendNewLine().appendPadding(3, '*').append(round);
            b.replaceAll("world", "there");
            System.out.println(b.toString() + " " + b.indexOf("there") + " " + b.length());
            System.out.println(WordUtils.wrap("The quick brown fox jumps over the lazy dog " + round, 12, "\n", true));
            System.out.println(WordUtils.capitalizeFully("hello WORLD of text") + " " + CaseUtils.toCamelCase("to camel case", false, ' '));
            System.out.println(StringEscapeUtils.escapeHtml4("<a href=\"x\">Tom & Jerry</a>") + " " + StringEscapeUtils.unescapeJava("a\\tb\\u0041"));
            System.out.println(new LevenshteinDistance().apply("kitten", "sitting" + round) + " " + new JaroWinklerSimilarity().apply("martha", "marhta"));
        }
    }
}
