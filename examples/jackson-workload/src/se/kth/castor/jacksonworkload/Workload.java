package se.kth.castor.jacksonworkload;

import java.io.StringWriter;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/** JSON streamed token by token and written back with a generator (Jackson 3 core). */
public class Workload {
    static final String[] DOCUMENTS = {
        "{\"id\": 1, \"name\": \"Ada\", \"tags\": [\"math\", \"engines\"], \"address\": {\"city\": \"London\", \"zip\": null}}",
        "[1, 2.5, true, \"x\", {\"a\": []}, null, -3e2, 12345678901234567890]",
        "{\"text\": \"line\\nbreak \\\"quoted\\\" \\u00e9\", \"empty\": {}, \"ok\": false}",
    };

    public static void main(String[] args) {
        JsonFactory factory = new JsonFactory();
        for (int round = 0; round < 3; round++) {
            for (String doc : DOCUMENTS) {
                StringWriter out = new StringWriter();
                int tokens = 0;
                try (JsonParser p = factory.createParser(ObjectReadContext.empty(), doc);
                     JsonGenerator g = factory.createGenerator(ObjectWriteContext.empty(), out)) {
                    JsonToken t;
                    while ((t = p.nextToken()) != null) {
                        tokens++;
                        g.copyCurrentEvent(p);
                        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                            System.out.println(p.currentName() + " = " + p.getNumberType() + " " + p.getText());
                        }
                    }
                }
                System.out.println(tokens + " " + out);
            }
        }
    }
}
