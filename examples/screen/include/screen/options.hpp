// The command line of a drawn example: each program lists its options (name,
// what it sets, help), and parse fills them, prints --help, or rejects an
// unknown or malformed argument with a message that says what to write.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace screen {

class options {
public:
    // usage: the program's one-line synopsis, printed first by --help.
    options(std::string program, std::string usage);

    void flag(std::string name, bool& target, std::string help);
    void number(std::string name, std::int64_t& target, std::int64_t min, std::int64_t max, std::string help);
    void text(std::string name, std::string& target, std::string help);

    enum class outcome { run, help_shown, rejected };

    // Reads argv; on rejected, a message naming the argument is on stderr.
    outcome parse(int argc, char** argv);

    // Prints message as an error of the program, with the hint to see --help.
    void reject(const std::string& message) const;

private:
    enum class kind { flag, number, text };
    struct option {
        std::string name;
        kind type;
        void* target;
        std::int64_t min;
        std::int64_t max;
        std::string help;
    };

    const option* find(const std::string& name) const;
    void print_help() const;

    std::string program_;
    std::string usage_;
    std::vector<option> options_;
};

} // namespace screen
