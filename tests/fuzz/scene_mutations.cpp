// Runs the scene loader's fuzz target (load_scene.cpp) without libFuzzer:
// on hostile inputs written here (malformed TOML, wrong types, huge arrays,
// deep nesting, references to entities that are not there, long names) and
// on random mutations of each scene given (bytes flipped, inserted, cut,
// lines swapped), from a fixed seed so that a failure repeats.
//
// Usage: scene_mutations <mutations per scene> <scene file>...
// With SCENE_FUZZ_LAST=FILE set, each input is written to FILE before it
// runs: after a crash, FILE holds the input that made it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::size_t inputs = 0;

void run(const std::string& text) {
    if (const char* last = std::getenv("SCENE_FUZZ_LAST")) {
        std::ofstream{last, std::ios::binary} << text;
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    ++inputs;
}

std::string repeated(const std::string& piece, std::size_t times) {
    std::string text;
    text.reserve(piece.size() * times);
    for (std::size_t i = 0; i < times; ++i) {
        text += piece;
    }
    return text;
}

void hostile() {
    const std::string header = "[scene]\nschema = \"content\"\n";
    run("");
    run(header);
    run(std::string("\0\0\0", 3));
    run("[[# A level of the "); // toml++ 3.3.0 asserted here (runtime/src/scene_toml.cpp)
    run(header + "[[#\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = [" + repeated("1.0, ", 200000) + "] }\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = " + repeated("[", 100000) + "1" +
        repeated("]", 100000) + " }\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = " + repeated("{ x = ", 10000) + "1" +
        repeated(" }", 10000) + "\n");
    run(header + "[entity." + repeated("a.", 5000) + "b]\nprefab = \"Fighter\"\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nCommand = { lead = \"" + repeated("z", 100000) + "\" }\n");
    run(header + "[entity." + repeated("n", 100000) + "]\nprefab = \"Fighter\"\n");
    std::string many = header;
    for (int i = 0; i < 2000; ++i) {
        many += "[entity.e" + std::to_string(i) + "]\nprefab = \"Fighter\"\nCommand = { lead = \"missing" +
                std::to_string(i) + "\" }\nparent = \"e" + std::to_string((i + 1) % 2000) + "\"\n";
    }
    run(many); // 2000 missing references and a cycle of 2000 parents: capped problems
    run(header + "[entity.a]\nprefab = \"Fighter\"\nHealth = { hp = 99999999999999999999 }\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nHealth = { hp = -9223372036854775808 }\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = nan, y = -inf }\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = \"1.0\" }\n");
    run(header + "[entity.a]\nprefab = [\"Fighter\"]\n");
    run(header + "[[entity]]\nprefab = \"Fighter\"\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nchildren = [1, 2]\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\n[entity.a.children.gun]\nAim = { target = \"a\" }\nOwner = 1\n");
    run(header + "[resource]\nx = 1\n");
    run(header + "resource = []\nentity = []\nscene = 1\n");
    run(header + "[entity.a]\nprefab = \"Fighter\"\nparent = \"a\"\n");
    run(header + "[entity.a]\narchetype = \"Carrier\"\nHangar = { launches = -1 }\n");
    run(header + "[entity.\"a/b~c\"]\narchetype = \"Carrier\"\nHangar = { launches = 1.5 }\n");
}

std::string mutated(const std::string& seed, std::mt19937& random) {
    std::string text = seed;
    const auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(random() % n); };
    static const char* tokens[] = {"[", "]", "{", "}", "\"", "=", ",", ".", "\n", "#", "'", "\\", "entity", "prefab",
                                   "parent", "children", "1e400", "-1", "true", "[[", "\"\"\"", "\0"};
    for (std::size_t edits = 1 + pick(4); edits > 0; --edits) {
        switch (pick(5)) {
        case 0:
            if (!text.empty()) {
                text[pick(text.size())] = static_cast<char>(random());
            }
            break;
        case 1: text.insert(pick(text.size() + 1), tokens[pick(std::size(tokens))]); break;
        case 2:
            if (!text.empty()) {
                const std::size_t at = pick(text.size());
                text.erase(at, pick(16));
            }
            break;
        case 3: text.resize(pick(text.size() + 1)); break;
        default: {
            const std::size_t a = text.find('\n', pick(text.size()));
            const std::size_t b = text.find('\n', pick(text.size()));
            if (a != std::string::npos && b != std::string::npos && a != b) {
                const std::size_t from = std::min(a, b);
                const std::size_t to = std::max(a, b);
                text = text.substr(0, from) + text.substr(to) + text.substr(from, to - from);
            }
        }
        }
    }
    return text;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: scene_mutations <mutations per scene> <scene file>...\n");
        return 2;
    }
    const long mutations = std::strtol(argv[1], nullptr, 10);
    hostile();
    std::mt19937 random{39};
    for (int i = 2; i < argc; ++i) {
        std::ifstream file{argv[i], std::ios::binary};
        if (!file) {
            std::fprintf(stderr, "scene_mutations: cannot read %s\n", argv[i]);
            return 1;
        }
        const std::string seed{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
        run(seed);
        for (long m = 0; m < mutations; ++m) {
            run(mutated(seed, random));
        }
    }
    std::printf("scene_mutations: %zu inputs, no failure\n", inputs);
    return 0;
}
