package se.kth.castor.evalexworkload;

import com.ezylang.evalex.EvaluationException;
import com.ezylang.evalex.Expression;
import com.ezylang.evalex.config.ExpressionConfiguration;
import com.ezylang.evalex.data.EvaluationValue;
import com.ezylang.evalex.parser.ParseException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Expressions parsed and evaluated over variables, arrays and structures (EvalEx). */
public class Workload {
    static final String[] EXPRESSIONS = {
        "(a + b) * 2 - c / 4",
        "SQRT(a * a + b * b)",
        "IF(a > b, \"bigger\", \"smaller\")",
        "MAX(a, b, c) + MIN(a, b, c) + ABS(-c)",
        "a >= 2 && (b < 10 || NOT(c == 3))",
        "ROUND(a / 3, 2) + FLOOR(b / 2) + CEILING(c / 2)",
        "STR_UPPER(name) + \" has \" + order.items[1].price",
        "SUM(prices[0], prices[1], prices[2]) * order.discount",
        "2 ^ a + FACT(4) + a % 2",
        "STR_CONTAINS(name, \"a\") && !STR_CONTAINS(name, \"z\")",
    };

    public static void main(String[] args) throws ParseException, EvaluationException {
        ExpressionConfiguration config = ExpressionConfiguration.builder().decimalPlacesRounding(8).build();
        double[][] inputs = {{1, 2, 3}, {4.5, 0.5, 8}, {10, 20, 30}};
        for (double[] in : inputs) {
            Map<String, Object> order = new LinkedHashMap<>();
            Map<String, Object> item0 = new LinkedHashMap<>();
            item0.put("price", new BigDecimal("3.25"));
            Map<String, Object> item1 = new LinkedHashMap<>();
            item1.put("price", BigDecimal.valueOf(in[1]));
            order.put("items", List.of(item0, item1));
            order.put("discount", new BigDecimal("0.9"));
            for (String source : EXPRESSIONS) {
                Expression expression = new Expression(source, config)
                    .with("a", in[0])
                    .and("b", in[1])
                    .and("c", in[2])
                    .and("name", "Ada" + (int) in[0])
                    .and("order", order)
                    .and("prices", List.of(in[0], in[1], in[2]));
                EvaluationValue value = expression.evaluate();
                System.out.println(source + " = " + value.getStringValue());
            }
            Expression bad = new Expression("a + * b", config);
            try {
                bad.evaluate();
            } catch (ParseException e) {
                System.out.println("parse error: " + e.getMessage());
            }
        }
    }
}
