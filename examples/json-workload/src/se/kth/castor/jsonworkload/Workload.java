package se.kth.castor.jsonworkload;

import java.io.StringWriter;
import org.json.JSONArray;
import org.json.JSONObject;
import org.json.JSONTokener;
import org.json.XML;

/** JSON documents parsed, queried, changed and written back, and converted to XML (org.json). */
public class Workload {
    static final String[] DOCUMENTS = {
        "{\"id\": 1, \"name\": \"Ada\", \"tags\": [\"math\", \"engines\"], \"address\": {\"city\": \"London\", \"zip\": null}}",
        "[1, 2.5, true, \"x\", {\"a\": [ ]}, null, -3e2]",
        "{\"order\": {\"lines\": [{\"sku\": \"P-1\", \"qty\": 2, \"price\": 3.25}, {\"sku\": \"B-9\", \"qty\": 1, \"price\": 12}], \"paid\": false}}",
        "{\"text\": \"line\\nbreak \\\"quoted\\\" \\u00e9\", \"empty\": {}, \"big\": 12345678901234567890}",
    };

    public static void main(String[] args) {
        for (int round = 0; round < 3; round++) {
            for (String doc : DOCUMENTS) {
                Object value = new JSONTokener(doc).nextValue();
                if (value instanceof JSONObject) {
                    JSONObject o = (JSONObject) value;
                    System.out.println(o.length() + " " + o.keySet().stream().sorted().toList());
                    o.put("round", round);
                    System.out.println(o.optString("name", "?") + " " + o.optJSONArray("tags") + " " + o.optJSONObject("order"));
                    StringWriter w = new StringWriter();
                    o.write(w, 2, 0);
                    System.out.println(w);
                    System.out.println(XML.toString(o, "doc"));
                } else {
                    JSONArray a = (JSONArray) value;
                    double sum = 0;
                    for (int i = 0; i < a.length(); i++) {
                        sum += a.optDouble(i, 0);
                    }
                    a.put(round);
                    System.out.println(a.length() + " " + sum + " " + a.toString(1));
                }
            }
            JSONObject fromXml = XML.toJSONObject("<order id=\"7\"><line sku=\"A\">2</line><line sku=\"B\">3</line><note>fragile &amp; heavy</note></order>");
            System.out.println(fromXml.toString() + " " + fromXml.getJSONObject("order").getJSONArray("line").length());
        }
    }
}
