package se.kth.castor.playlist;

/** A small workload: play two playlists and tag their songs. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Speaker speaker = new Speaker() {
            @Override
            public void announce(String text) {
                System.out.println("> " + text);
            }

            @Override
            public int play(String title) {
                return title.length() * 10;
            }
        };
        Player player = new Player(speaker);
        Playlist morning = new Playlist("morning");
        morning.add(new Song("Sunrise", 200));
        morning.add(new Song("Coffee", 180));
        Playlist night = new Playlist("night");
        night.add(new Song("Moon", 240));
        Tags tags = new Tags("untagged");
        tags.put("Sunrise", "calm");
        tags.put("Moon", "slow");
        System.out.println(player.play(morning));
        System.out.println(player.play(night));
        System.out.println(player.tagsOf(morning, tags));
        System.out.println(player.tagsOf(night, tags));
        Settings quiet = new Settings("quiet");
        quiet.setProperty("volume", " 2 ");
        quiet.setProperty("theme", "dark");
        System.out.println(player.volumeOf(quiet));
        System.out.println(player.volumeOf(new Settings("default")));
        Ratings ratings = new Ratings(4);
        ratings.put("Sunrise", 5);
        ratings.put("Coffee", 3);
        System.out.println(player.starsOf(morning, ratings));
        System.out.println(player.starsOf(night, ratings));
        History history = new History("ana");
        history.add("Sunrise");
        history.add("Moon");
        System.out.println(player.lastOf(history));
        System.out.println(player.lastOf(new History("bo")));
        System.out.println(player.announceAll(tags.keySet()));
        java.util.Map<String, Integer> lengths = new java.util.LinkedHashMap<>();
        lengths.put("Sunrise", 200);
        lengths.put("Moon", 240);
        System.out.println(player.totalOf(lengths.values()));
        java.util.Map<String, Integer> more = new java.util.HashMap<>();
        more.put("Coffee", 180);
        System.out.println(player.totalOf(more.values()));
        System.out.println(player.announceAll(new java.util.LinkedHashMap<>(lengths).keySet()));
        java.util.Set<String> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
        live.add("Coffee");
        System.out.println(player.announceAll(live));
        System.out.println(player.announceAll(
                java.util.Collections.synchronizedSet(new java.util.LinkedHashSet<>(java.util.List.of("Moon", "Dawn", "Rain")))));
        System.out.println(player.totalOf(java.util.Collections.synchronizedList(new java.util.ArrayList<>(java.util.List.of(60, 70, 80, 90)))));
        System.out.println(player.totalOf(java.util.Collections.unmodifiableCollection(new java.util.ArrayList<>(java.util.List.of(5, 6, 7, 8, 9)))));
        System.out.println(player.announceTag(java.util.Collections.synchronizedMap(new java.util.HashMap<>(java.util.Map.of("Moon", "slow"))), "Moon"));
    }
}
