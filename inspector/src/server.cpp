// The inspector's HTTP server, on cpp-httplib: its threads parse requests
// and queue them for the world, which answers them at its barrier between
// frames (kiln/inspector.hpp). Nothing here touches a world. Built, as game
// code is, without RTTI and exceptions.
#include <kiln/inspector/server.hpp>

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

namespace kiln::inspect {

struct pending {
    request asked;
    response answer;
    bool answered = false;
};

namespace {

// A message as the JSON body of an error: {"error": "..."}.
std::string error_json(std::string_view message) {
    std::string out = "{\"error\": \"";
    for (const char c : message) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += escaped;
        } else {
            out += c;
        }
    }
    out += "\"}";
    return out;
}

bool is_loopback(std::string_view address) {
    return address == "127.0.0.1" || address == "localhost" || address == "::1" ||
           address.substr(0, 4) == "127.";
}

constexpr int most_streams = 8;

} // namespace

struct server::state {
    options chosen;
    httplib::Server http;
    std::thread thread;
    std::atomic<bool> listened{false}; // the thread's listen_after_bind returned
    int port = 0;

    std::mutex mutex;                   // guards what follows
    std::condition_variable answered;   // a queued request was answered
    std::condition_variable stats_new;  // publish_stats was called, or the server stops
    std::deque<std::shared_ptr<pending>> queue;
    std::string stats = "{}";
    std::uint64_t stats_version = 0;
    bool stopping = false;

    std::atomic<int> streams{0};
    std::atomic<std::int64_t> last_stats_ns{0};

    bool authorised(const httplib::Request& req) const {
        if (chosen.token.empty()) {
            return true;
        }
        if (req.get_param_value("token") == chosen.token) {
            return true;
        }
        return req.get_header_value("Authorization") == "Bearer " + chosen.token;
    }

    // Queues the request and waits for the world's answer.
    response ask(request asked) {
        auto p = std::make_shared<pending>();
        p->asked = std::move(asked);
        std::unique_lock lock{mutex};
        if (stopping) {
            return {503, error_json("the inspector is stopping")};
        }
        if (queue.size() >= chosen.max_queued) {
            return {503, error_json("too many requests are waiting for the world; try again")};
        }
        queue.push_back(p);
        if (!answered.wait_for(lock, chosen.answer_timeout, [&] { return p->answered || stopping; })) {
            std::erase(queue, p);
            return {503, error_json("the game did not answer in time: it answers between frames, when it calls "
                                    "inspector.serve(world)")};
        }
        if (!p->answered) {
            std::erase(queue, p);
            return {503, error_json("the inspector is stopping")};
        }
        return std::move(p->answer);
    }

    void stream(httplib::Response& res) {
        if (streams.fetch_add(1) >= most_streams) {
            streams.fetch_sub(1);
            res.status = 503;
            res.set_content(error_json("too many streams are open"), "application/json");
            return;
        }
        res.set_header("Cache-Control", "no-cache");
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, seen = std::uint64_t{0}](std::size_t, httplib::DataSink& sink) mutable {
                std::string line;
                {
                    std::unique_lock lock{mutex};
                    stats_new.wait_for(lock, std::chrono::seconds{1},
                                       [&] { return stopping || stats_version != seen; });
                    if (stopping) {
                        sink.done();
                        return false;
                    }
                    if (stats_version != seen) {
                        seen = stats_version;
                        line = "data: " + stats + "\n\n";
                    } else {
                        line = ": idle\n\n"; // a comment, so that a closed connection is noticed
                    }
                }
                return sink.write(line.data(), line.size());
            },
            [this](bool) { streams.fetch_sub(1); });
    }

    // Every request goes through here, whatever its method.
    void route(const httplib::Request& req, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        if (!authorised(req)) {
            res.status = 401;
            res.set_content(error_json("this inspector wants its token: ?token=... or Authorization: Bearer ..."),
                            "application/json");
            return;
        }
        if (req.path == "/" || req.path == "/index.html") {
            if (req.method != "GET" && req.method != "HEAD") {
                res.status = 405;
                res.set_content(error_json("the page is read with GET"), "application/json");
            } else {
                const std::string_view text = page();
                res.set_content(text.data(), text.size(), "text/html; charset=utf-8");
            }
            return;
        }
        if (req.path == "/api/stream") {
            if (req.method != "GET") {
                res.status = 405;
                res.set_content(error_json("the stream is read with GET"), "application/json");
            } else {
                stream(res);
            }
            return;
        }
        if (req.path.rfind("/api/", 0) != 0) {
            res.status = 404;
            res.set_content(error_json("no such page: the inspector serves / and /api/..."), "application/json");
            return;
        }
        request asked;
        asked.method = req.method;
        asked.path = req.path.substr(4); // "/api/entity" -> "/entity"
        for (const auto& [key, value] : req.params) {
            asked.query.emplace_back(key, value);
        }
        asked.body = req.body;
        response answer = ask(std::move(asked));
        answer.finish(); // a large body is written here, on this connection's thread, from the world's copy
        res.status = answer.status;
        res.set_content(std::move(answer.body), "application/json");
    }
};

server::server() : state_{std::make_unique<state>()} {}

server::~server() { stop(); }

std::string server::start(const options& chosen) {
    if (state_->thread.joinable()) {
        return "the inspector is already running";
    }
    if (!is_loopback(chosen.address) && chosen.token.empty()) {
        return "the inspector listens beyond this machine (" + chosen.address + ") only with a token";
    }
    if (chosen.port < 0 || chosen.port > 65535) {
        return "the port must be 0 (any free port) to 65535";
    }
    state_->chosen = chosen;
    httplib::Server& http = state_->http;
    http.set_payload_max_length(chosen.max_body);
    http.set_read_timeout(5, 0);
    http.set_write_timeout(5, 0);
    http.set_keep_alive_timeout(2);
    http.set_keep_alive_max_count(100);
    // Every method goes to route(), after httplib has read the body (a
    // pre-routing handler would run before).
    const auto route = [this](const httplib::Request& req, httplib::Response& res) { state_->route(req, res); };
    http.Get(".*", route);
    http.Post(".*", route);
    http.Put(".*", route);
    http.Patch(".*", route);
    http.Delete(".*", route);
    http.Options(".*", route);
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) {
            res.set_content(error_json(res.status == 413 ? "the body is too long"
                                                         : "the request could not be read as HTTP (a POST needs a Content-Length, even 0)"),
                            "application/json");
        }
    });
    if (chosen.port == 0) {
        state_->port = http.bind_to_any_port(chosen.address);
    } else {
        state_->port = http.bind_to_port(chosen.address, chosen.port) ? chosen.port : -1;
    }
    if (state_->port <= 0) {
        return "cannot listen on " + chosen.address + ":" + std::to_string(chosen.port) +
               " (taken, or not this machine's address)";
    }
    state_->stopping = false;
    state_->listened = false;
    state_->thread = std::thread{[this] {
        state_->http.listen_after_bind();
        state_->listened = true;
    }};
    return "";
}

void server::stop() {
    if (!state_->thread.joinable()) {
        return;
    }
    {
        const std::lock_guard lock{state_->mutex};
        state_->stopping = true;
    }
    state_->answered.notify_all();
    state_->stats_new.notify_all();
    // httplib's stop() does nothing until the thread has begun to listen, so
    // a stop right after start (a test, a game that quits at once) left it
    // blocked in accept() and this join waiting for ever: ask again until
    // the thread has returned.
    while (!state_->listened) {
        state_->http.stop();
        std::this_thread::sleep_for(std::chrono::milliseconds{1});
    }
    state_->thread.join();
}

bool server::running() const noexcept { return state_->thread.joinable(); }

int server::port() const noexcept { return state_->port; }

std::string server::url() const {
    const std::string& address = state_->chosen.address;
    const bool six = address.find(':') != std::string::npos;
    return "http://" + (six ? "[" + address + "]" : address) + ":" + std::to_string(state_->port) + "/";
}

const options& server::chosen() const noexcept { return state_->chosen; }

std::shared_ptr<pending> server::next() {
    const std::lock_guard lock{state_->mutex};
    if (state_->queue.empty()) {
        return nullptr;
    }
    std::shared_ptr<pending> p = std::move(state_->queue.front());
    state_->queue.pop_front();
    return p;
}

const request& server::request_of(const pending& p) noexcept { return p.asked; }

void server::answer(const std::shared_ptr<pending>& p, response answer) {
    {
        const std::lock_guard lock{state_->mutex};
        p->answer = std::move(answer);
        p->answered = true;
    }
    state_->answered.notify_all();
}

bool server::wants_stats() const noexcept {
    if (state_->streams.load(std::memory_order_relaxed) == 0) {
        return false;
    }
    const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::steady_clock::now().time_since_epoch())
                                 .count();
    return now - state_->last_stats_ns.load(std::memory_order_relaxed) >= 250'000'000;
}

void server::publish_stats(std::string json) {
    state_->last_stats_ns.store(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                    std::chrono::steady_clock::now().time_since_epoch())
                                    .count(),
                                std::memory_order_relaxed);
    {
        const std::lock_guard lock{state_->mutex};
        state_->stats = std::move(json);
        ++state_->stats_version;
    }
    state_->stats_new.notify_all();
}

} // namespace kiln::inspect
