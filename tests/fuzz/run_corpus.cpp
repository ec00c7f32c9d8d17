// Runs a fuzz target over saved inputs without libFuzzer: the regression test
// that every test build (and the sanitizer build) runs on the corpus that
// tools/fuzz keeps in tests/fuzz/corpus/.
//
// Usage: run_corpus <file or directory>...
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool run_file(const std::filesystem::path& path) {
    std::ifstream file{path, std::ios::binary};
    if (!file) {
        std::fprintf(stderr, "run_corpus: cannot read %s\n", path.c_str());
        return false;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: run_corpus <file or directory>...\n");
        return 2;
    }
    std::size_t inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path root{argv[i]};
        std::error_code error;
        if (std::filesystem::is_directory(root, error)) {
            for (const auto& entry : std::filesystem::directory_iterator{root}) {
                if (entry.is_regular_file()) {
                    if (!run_file(entry.path())) {
                        return 1;
                    }
                    ++inputs;
                }
            }
        } else if (run_file(root)) {
            ++inputs;
        } else {
            return 1;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "run_corpus: no inputs in the paths given\n");
        return 1;
    }
    std::printf("run_corpus: %zu inputs, no failure\n", inputs);
    return 0;
}
