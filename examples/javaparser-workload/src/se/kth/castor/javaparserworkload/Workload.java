package se.kth.castor.javaparserworkload;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.visitor.VoidVisitorAdapter;
import java.util.ArrayList;
import java.util.List;

/** Java sources parsed, walked with visitors, changed and printed again (JavaParser). */
public class Workload {
    static final String[] SOURCES = {
        "package shop;\nimport java.util.*;\n/** A cart. */\npublic class Cart {\n"
            + "  private final List<String> items = new ArrayList<>();\n"
            + "  public void add(String item) { if (item != null && !item.isEmpty()) items.add(item.trim()); }\n"
            + "  public int size() { return items.size(); }\n"
            + "  @Override public String toString() { return \"Cart\" + items; }\n}\n",
        "class Maths {\n  static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\n"
            + "  static long sum(int[] xs) { long s = 0; for (int x : xs) s += x; return s; }\n"
            + "  static String label(int n) { switch (n) { case 0: return \"zero\"; default: return \"n=\" + n; } }\n}\n",
        "interface Shape { double area(); }\nrecord Circle(double r) implements Shape {\n"
            + "  public double area() { return Math.PI * r * r; }\n}\n"
            + "enum Colour { RED, GREEN; Colour next() { return values()[(ordinal() + 1) % values().length]; } }\n",
        "class Broken { void f( { }\n",
    };

    /** Collects the names of called methods. */
    static class Calls extends VoidVisitorAdapter<List<String>> {
        @Override
        public void visit(MethodCallExpr call, List<String> names) {
            super.visit(call, names);
            names.add(call.getNameAsString());
        }
    }

    public static void main(String[] args) {
        JavaParser parser = new JavaParser();
        parser.getParserConfiguration().setLanguageLevel(com.github.javaparser.ParserConfiguration.LanguageLevel.JAVA_17);
        for (String source : SOURCES) {
            ParseResult<CompilationUnit> result = parser.parse(source);
            if (!result.isSuccessful()) {
                System.out.println("problems: " + result.getProblems().size());
                continue;
            }
            CompilationUnit unit = result.getResult().orElseThrow();
            List<String> calls = new ArrayList<>();
            unit.accept(new Calls(), calls);
            System.out.println("calls: " + calls);
            for (MethodDeclaration method : unit.findAll(MethodDeclaration.class)) {
                System.out.println(method.getDeclarationAsString(true, false, true) + " / "
                    + method.getParameters().size() + " parameters");
                method.setName(method.getNameAsString() + "Renamed");
            }
            System.out.println("names: " + unit.findAll(NameExpr.class).size());
            System.out.print(unit);
        }
    }
}
