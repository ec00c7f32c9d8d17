#include <screen/options.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace screen {

options::options(std::string program, std::string usage) : program_{std::move(program)}, usage_{std::move(usage)} {}

void options::flag(std::string name, bool& target, std::string help) {
    options_.push_back({std::move(name), kind::flag, &target, 0, 0, std::move(help)});
}

void options::number(std::string name, std::int64_t& target, std::int64_t min, std::int64_t max, std::string help) {
    options_.push_back({std::move(name), kind::number, &target, min, max, std::move(help)});
}

void options::text(std::string name, std::string& target, std::string help) {
    options_.push_back({std::move(name), kind::text, &target, 0, 0, std::move(help)});
}

const options::option* options::find(const std::string& name) const {
    for (const option& candidate : options_) {
        if (candidate.name == name) {
            return &candidate;
        }
    }
    return nullptr;
}

void options::reject(const std::string& message) const {
    std::fprintf(stderr, "%s: %s (see %s --help)\n", program_.c_str(), message.c_str(), program_.c_str());
}

void options::print_help() const {
    std::printf("usage: %s\n\noptions:\n", usage_.c_str());
    for (const option& each : options_) {
        std::string shown = each.name;
        if (each.type == kind::number) {
            shown += " N";
        } else if (each.type == kind::text) {
            shown += " TEXT";
        }
        std::printf("  %-18s %s\n", shown.c_str(), each.help.c_str());
    }
    std::printf("  %-18s %s\n", "--help", "print this and exit");
}

options::outcome options::parse(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--help" || argument == "-h") {
            print_help();
            return outcome::help_shown;
        }
        const option* matched = find(argument);
        if (matched == nullptr) {
            reject("unknown argument '" + argument + "'");
            return outcome::rejected;
        }
        if (matched->type == kind::flag) {
            *static_cast<bool*>(matched->target) = true;
            continue;
        }
        if (i + 1 >= argc) {
            reject(argument + " needs a value");
            return outcome::rejected;
        }
        const std::string value = argv[++i];
        if (matched->type == kind::text) {
            *static_cast<std::string*>(matched->target) = value;
            continue;
        }
        char* end = nullptr;
        errno = 0;
        const long long number = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || errno != 0 || number < matched->min || number > matched->max) {
            reject(argument + " takes a whole number from " + std::to_string(matched->min) + " to " +
                   std::to_string(matched->max) + ", not '" + value + "'");
            return outcome::rejected;
        }
        *static_cast<std::int64_t*>(matched->target) = number;
    }
    return outcome::run;
}

} // namespace screen
