// Reading maze.txt (its format is in its own comment lines).
#include <pacman/maze.hpp>

#include <fstream>

std::string pacman::load_maze(const std::string& path, maze& into) {
    std::ifstream file{path};
    if (!file) {
        return path + ": cannot be read";
    }
    std::string line;
    int row = 0;
    int number = 0;
    while (std::getline(file, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (!line.empty() && line.front() == ';') {
            continue;
        }
        const std::string where = path + ":" + std::to_string(number) + ": ";
        if (row == maze::rows) {
            return where + "the maze has " + std::to_string(maze::rows) + " rows; this is one more";
        }
        if (line.size() != maze::columns) {
            return where + "a row of the maze has " + std::to_string(maze::columns) + " tiles, not " +
                   std::to_string(line.size());
        }
        for (int x = 0; x < maze::columns; ++x) {
            tile_kind kind = tile_kind::open;
            switch (line[static_cast<std::size_t>(x)]) {
            case '#': kind = tile_kind::wall; break;
            case '.': kind = tile_kind::dot; break;
            case 'o': kind = tile_kind::energizer; break;
            case '-': kind = tile_kind::door; break;
            case ' ': kind = tile_kind::open; break;
            default:
                return where + "'" + line.substr(static_cast<std::size_t>(x), 1) +
                       "' is not a tile (# . o - or a space)";
            }
            into.tiles[static_cast<std::size_t>(row * maze::columns + x)] = kind;
        }
        ++row;
    }
    if (row != maze::rows) {
        return path + ": the maze has " + std::to_string(row) + " rows, not " + std::to_string(maze::rows);
    }
    return "";
}
