package se.kth.castor.yamlworkload;

import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * A parsing workload for SnakeYAML (issue 15: a third real library): configuration
 * documents with nested maps, lists, anchors and aliases, multi-line strings and several
 * scalar types, loaded, changed and dumped back in two styles, with the output printed.
 * Deterministic: fixed documents, no clock, no randomness.
 */
public class Workload {
    static String config(int n) {
        return "service: api-" + n + "\n"
                + "replicas: " + (1 + n % 4) + "\n"
                + "ratio: " + (n * 0.25) + "\n"
                + "enabled: " + (n % 2 == 0) + "\n"
                + "defaults: &defaults\n"
                + "  timeout: " + (30 + n) + "\n"
                + "  retries: 3\n"
                + "endpoints:\n"
                + "  - path: /v1/items/" + n + "\n"
                + "    <<: *defaults\n"
                + "    methods: [GET, POST]\n"
                + "  - path: /v1/health\n"
                + "    <<: *defaults\n"
                + "    methods: [GET]\n"
                + "description: |\n"
                + "  Service number " + n + ".\n"
                + "  Second line.\n"
                + "tags: {team: core, tier: '" + (n % 3) + "'}\n";
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) {
        DumperOptions block = new DumperOptions();
        block.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        DumperOptions flow = new DumperOptions();
        flow.setDefaultFlowStyle(DumperOptions.FlowStyle.FLOW);
        Yaml yaml = new Yaml();
        Yaml blockYaml = new Yaml(block);
        Yaml flowYaml = new Yaml(flow);
        int endpoints = 0;
        for (int n = 1; n <= 30; n++) {
            Map<String, Object> doc = yaml.load(config(n));
            List<Map<String, Object>> eps = (List<Map<String, Object>>) doc.get("endpoints");
            endpoints += eps.size();
            doc.put("replicas", ((Integer) doc.get("replicas")) * 2);
            String dumped = (n % 2 == 0 ? blockYaml : flowYaml).dump(doc);
            Map<String, Object> again = yaml.load(dumped);
            if (!again.get("service").equals(doc.get("service"))) {
                throw new IllegalStateException("round trip lost service " + n);
            }
            if (n % 10 == 0) {
                System.out.println(dumped);
            }
        }
        System.out.println("endpoints " + endpoints);
    }
}
