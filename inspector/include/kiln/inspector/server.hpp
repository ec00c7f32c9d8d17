// The inspector's HTTP side, which knows no world: a server thread that
// parses requests and queues them, and the queue the world empties at its
// barrier between frames (kiln/inspector.hpp, basic_inspector::serve). It is
// built on cpp-httplib in its own translation unit (inspector/src/server.cpp),
// so that neither httplib nor its threads reach the game's code.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln::inspect {

// Where and how the inspector listens.
struct options {
    // 127.0.0.1 by default: only this machine. Any other address needs a token.
    std::string address = "127.0.0.1";
    // 0: any free port (server::port() says which).
    int port = 0;
    // When not empty, every request must carry it, as `Authorization: Bearer
    // TOKEN` or `?token=TOKEN`; otherwise 401.
    std::string token;
    // The longest body a request may have; longer is 413.
    std::size_t max_body = 64 * 1024;
    // How long serve() may spend answering requests in one frame; what is
    // left waits for the next frame.
    std::chrono::microseconds budget{2000};
    // How long a request waits for the world to answer before it is 503
    // (a game that does not call serve, or is stopped in a debugger).
    std::chrono::milliseconds answer_timeout{3000};
    // The most requests waiting for the world at once; more are 503.
    std::size_t max_queued = 64;
};

// A request as the world sees it: the method, the path below /api, the
// query's parameters (decoded), and the body.
struct request {
    std::string method;
    std::string path;
    std::vector<std::pair<std::string, std::string>> query;
    std::string body;

    // The parameter's value, or fallback when the query lacks it.
    [[nodiscard]] std::string_view param(std::string_view name, std::string_view fallback = {}) const noexcept {
        for (const auto& [key, value] : query) {
            if (key == name) {
                return value;
            }
        }
        return fallback;
    }
};

// What the world answers: a status and a JSON body. A large body (a page of
// entities) may be left to write: the world copies what it needs at its
// barrier, and `later` writes the text from that copy on the server's thread,
// off the game's; finish() writes it where it is called.
struct response {
    int status = 200;
    std::string body;
    std::function<std::string()> later;

    response() = default;
    response(int code, std::string text, std::function<std::string()> written_later = nullptr)
        : status{code}, body{std::move(text)}, later{std::move(written_later)} {}

    void finish() {
        if (later) {
            body = later();
            later = nullptr;
        }
    }
};

// A request queued for the world, and its answer once given.
struct pending;

class server {
public:
    server();
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    // Binds and starts the server thread. Returns "" or why it could not
    // (the address is taken, not loopback without a token, ...).
    std::string start(const options& chosen);
    // Stops the server thread; requests still queued are answered 503.
    void stop();
    [[nodiscard]] bool running() const noexcept;
    // The port bound (the one chosen when options::port was 0).
    [[nodiscard]] int port() const noexcept;
    // The address a person opens: http://address:port/
    [[nodiscard]] std::string url() const;

    // The world's side, at its barrier. next() takes the oldest queued
    // request, or returns null when none waits; answer() gives it its
    // response and wakes the connection that waits for it.
    [[nodiscard]] std::shared_ptr<pending> next();
    [[nodiscard]] static const request& request_of(const pending& p) noexcept;
    void answer(const std::shared_ptr<pending>& p, response answer);
    [[nodiscard]] const options& chosen() const noexcept;

    // Whether a stream (/api/stream) is open and wants the next frame's
    // stats: at most four times a second, so that building them costs an
    // idle game nothing.
    [[nodiscard]] bool wants_stats() const noexcept;
    // The stats a stream sends next, as one JSON line.
    void publish_stats(std::string json);

private:
    struct state;
    std::unique_ptr<state> state_;
};

// The page served at /: HTML with its CSS and JavaScript, nothing fetched
// from elsewhere (inspector/src/page.cpp).
[[nodiscard]] std::string_view page() noexcept;

} // namespace kiln::inspect
