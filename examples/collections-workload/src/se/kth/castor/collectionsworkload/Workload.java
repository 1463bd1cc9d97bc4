package se.kth.castor.collectionsworkload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.collections4.Bag;
import org.apache.commons.collections4.BidiMap;
import org.apache.commons.collections4.CollectionUtils;
import org.apache.commons.collections4.ListUtils;
import org.apache.commons.collections4.MapIterator;
import org.apache.commons.collections4.MultiSet;
import org.apache.commons.collections4.MultiValuedMap;
import org.apache.commons.collections4.OrderedMap;
import org.apache.commons.collections4.Predicate;
import org.apache.commons.collections4.Transformer;
import org.apache.commons.collections4.Trie;
import org.apache.commons.collections4.bag.HashBag;
import org.apache.commons.collections4.bag.TreeBag;
import org.apache.commons.collections4.bidimap.DualHashBidiMap;
import org.apache.commons.collections4.bidimap.TreeBidiMap;
import org.apache.commons.collections4.collection.PredicatedCollection;
import org.apache.commons.collections4.list.SetUniqueList;
import org.apache.commons.collections4.list.TreeList;
import org.apache.commons.collections4.map.LRUMap;
import org.apache.commons.collections4.map.LinkedMap;
import org.apache.commons.collections4.map.ListOrderedMap;
import org.apache.commons.collections4.map.PassiveExpiringMap;
import org.apache.commons.collections4.multimap.ArrayListValuedHashMap;
import org.apache.commons.collections4.multiset.HashMultiSet;
import org.apache.commons.collections4.queue.CircularFifoQueue;
import org.apache.commons.collections4.trie.PatriciaTrie;

/**
 * A workload for Apache Commons Collections 4.5.0: word counts in bags and multisets,
 * an index in a trie and a multimap, bidirectional maps, a bounded cache, ordered maps,
 * a circular queue of recent words, unique and tree lists, predicated collections and
 * the CollectionUtils helpers. Prints every result.
 */
public final class Workload {
    private Workload() {}

    private static final String[] TEXTS = {
        "the quick brown fox jumps over the lazy dog and the dog sleeps",
        "a journey of a thousand miles begins with a single step",
        "to be or not to be that is the question whether tis nobler",
        "all that glitters is not gold all that wander are not lost",
        "the only thing we have to fear is fear itself and the dark",
    };

    public static void main(String[] args) {
        Bag<String> bag = new HashBag<>();
        TreeBag<String> sorted = new TreeBag<>();
        MultiSet<String> multiset = new HashMultiSet<>();
        Trie<String, Integer> trie = new PatriciaTrie<>();
        MultiValuedMap<Character, String> byInitial = new ArrayListValuedHashMap<>();
        BidiMap<String, Integer> firstSeen = new DualHashBidiMap<>();
        TreeBidiMap<String, Integer> lengths = new TreeBidiMap<>();
        LRUMap<String, Integer> cache = new LRUMap<>(8);
        OrderedMap<String, Integer> order = new LinkedMap<>();
        ListOrderedMap<String, String> pairs = new ListOrderedMap<>();
        CircularFifoQueue<String> recent = new CircularFifoQueue<>(5);
        List<String> unique = SetUniqueList.setUniqueList(new ArrayList<>());
        TreeList<String> tree = new TreeList<>();
        int position = 0;
        for (String text : TEXTS) {
            String previous = null;
            for (String word : text.split(" ")) {
                bag.add(word);
                sorted.add(word, 2);
                multiset.add(word);
                trie.merge(word, 1, Integer::sum);
                byInitial.put(word.charAt(0), word);
                if (!firstSeen.containsKey(word) && !firstSeen.containsValue(position)) {
                    firstSeen.put(word, position);
                }
                if (!lengths.containsKey(word) && !lengths.containsValue(word.length() * 100 + position % 100)) {
                    lengths.put(word, word.length() * 100 + position % 100);
                }
                cache.put(word, position);
                order.put(word, position);
                if (previous != null) {
                    pairs.put(previous, word);
                }
                recent.add(word);
                unique.add(word);
                tree.add(tree.size() / 2, word);
                previous = word;
                position++;
            }
            System.out.println("recent: " + recent + " full=" + recent.isAtFullCapacity());
            System.out.println("cache: " + cache.keySet() + " oldest=" + cache.firstKey() + " full=" + cache.isFull());
        }
        System.out.println("bag the=" + bag.getCount("the") + " unique=" + bag.uniqueSet().size() + " size=" + bag.size());
        bag.remove("the", 2);
        System.out.println("bag after removing: " + bag.getCount("the"));
        System.out.println("sorted first=" + sorted.first() + " last=" + sorted.last() + " count(a)=" + sorted.getCount("a"));
        System.out.println("multiset to=" + multiset.getCount("to") + " entries=" + multiset.entrySet().size());
        System.out.println("trie prefix th: " + trie.prefixMap("th"));
        System.out.println("trie prefix a: " + trie.prefixMap("a").keySet());
        System.out.println("trie first/last: " + trie.firstKey() + " " + trie.lastKey() + " next(fox)=" + trie.nextKey("fox"));
        System.out.println("initial t: " + byInitial.get('t'));
        System.out.println("initials: " + new java.util.TreeSet<>(byInitial.keySet()) + " values=" + byInitial.size());
        System.out.println("first seen fox=" + firstSeen.get("fox") + " at 3: " + firstSeen.getKey(3));
        System.out.println("inverse size=" + firstSeen.inverseBidiMap().size());
        System.out.println("lengths first=" + lengths.firstKey() + " inverse first=" + lengths.inverseBidiMap().firstKey());
        MapIterator<String, Integer> it = lengths.mapIterator();
        int shown = 0;
        while (it.hasNext() && shown < 5) {
            String key = it.next();
            System.out.println("  " + key + " -> " + it.getValue());
            shown++;
        }
        System.out.println("order first=" + order.firstKey() + " last=" + order.lastKey() + " after(fox)=" + order.nextKey("fox"));
        System.out.println("pairs: " + pairs.keyList().subList(0, 6) + " the->" + pairs.get("the"));
        pairs.put(0, "zeroth", "word");
        System.out.println("pairs index of fox: " + pairs.indexOf("fox") + " first=" + pairs.firstKey());
        System.out.println("unique: " + unique.size() + " " + unique.subList(0, 5));
        System.out.println("tree middle: " + tree.get(tree.size() / 2) + " size=" + tree.size());

        Predicate<String> longWord = w -> w.length() > 4;
        Transformer<String, Integer> length = String::length;
        List<String> words = new ArrayList<>(Arrays.asList(TEXTS[0].split(" ")));
        System.out.println("select: " + CollectionUtils.select(words, longWord));
        System.out.println("collect: " + CollectionUtils.collect(words, length));
        System.out.println("count long: " + CollectionUtils.countMatches(words, longWord));
        System.out.println("intersection: " + CollectionUtils.intersection(words, Arrays.asList(TEXTS[4].split(" "))));
        System.out.println("disjunction size: " + CollectionUtils.disjunction(words, Arrays.asList(TEXTS[1].split(" "))).size());
        System.out.println("cardinality: " + CollectionUtils.getCardinalityMap(words).get("the"));
        System.out.println("partition: " + ListUtils.partition(words, 4));
        System.out.println("lcs: " + ListUtils.longestCommonSubsequence(Arrays.asList(TEXTS[0].split(" ")), Arrays.asList(TEXTS[4].split(" "))));
        PredicatedCollection.Builder<String> builder = PredicatedCollection.builder(longWord);
        builder.addAll(words);
        System.out.println("accepted: " + builder.createPredicatedList() + " rejected: " + builder.rejectedElements().size());
        try {
            PredicatedCollection.predicatedCollection(new ArrayList<String>(), longWord).add("dog");
        } catch (IllegalArgumentException e) {
            System.out.println("rejected: " + e.getMessage().replaceAll("Predicate .*", "a predicate rejected it"));
        }
        Map<String, Integer> expiring = new PassiveExpiringMap<>(60_000L);
        expiring.put("k", 1);
        System.out.println("expiring: " + expiring.get("k"));
    }
}
