package reads;

public class Rect extends Shape {
    int w;
    int h;

    @Override
    int area() {
        return w * h;
    }
}
