// Reading a save's bytes, each read checked against what is left: the
// loader's (save_loader.hpp) view of its input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include <kiln/io/save_error.hpp>

namespace kiln::internal {

// Reads a save, keeping the offset for messages; every read checks that the
// input holds what it asks for.
class save_reader {
public:
    explicit save_reader(std::span<const std::byte> input) : input_{input} {}

    [[nodiscard]] std::size_t offset() const noexcept { return position_; }
    // Goes back to an offset read before, to read from there again.
    void seek(std::size_t offset) noexcept { position_ = offset; }
    [[nodiscard]] std::size_t remaining() const noexcept { return input_.size() - position_; }
    // The offset of a byte of the input.
    [[nodiscard]] std::size_t offset_of(const std::byte* byte) const noexcept {
        return static_cast<std::size_t>(byte - input_.data());
    }

    // The input not yet cut off by take_last: what the checksum covers.
    [[nodiscard]] std::span<const std::byte> input() const noexcept { return input_; }

    // Points first at the input's last size bytes and cuts them off, so that
    // the reads after it end before them; false, with error set, when fewer
    // than size remain. what names them for the message.
    bool take_last(std::size_t size, const std::byte*& first, const char* what) {
        if (size > remaining()) {
            error = make_save_error(save_errc::truncated, position_,
                                    "truncated save: %s at the end needs %zu bytes, and only %zu remain after "
                                    "byte %zu",
                                    what, size, remaining(), position_);
            return false;
        }
        input_ = input_.first(input_.size() - size);
        first = input_.data() + input_.size();
        return true;
    }

    // Points first at the next size bytes and moves past them; false, with
    // error set, when fewer remain. what names them for the message.
    bool take(std::size_t size, const std::byte*& first, const char* what) {
        if (size > remaining()) {
            error = make_save_error(save_errc::truncated, position_,
                                    "truncated save: %s at byte %zu needs %zu bytes, and only %zu remain", what,
                                    position_, size, remaining());
            return false;
        }
        first = input_.data() + position_;
        position_ += size;
        return true;
    }

    template <class Integer>
    bool number(Integer& value, const char* what) {
        const std::byte* first = nullptr;
        if (!take(sizeof(Integer), first, what)) {
            return false;
        }
        std::memcpy(&value, first, sizeof(Integer));
        return true;
    }

    bool text(std::string_view& value, const char* what) {
        std::uint32_t size = 0;
        const std::byte* first = nullptr;
        if (!number(size, what) || !take(size, first, what)) {
            return false;
        }
        value = {reinterpret_cast<const char*>(first), size};
        return true;
    }

    // Reads a count of entries of at least entry_size bytes each, refusing
    // one that the rest of the input could not hold: a hostile count must not
    // size an allocation.
    bool count(std::uint32_t& value, std::size_t entry_size, const char* what) {
        const std::size_t at = position_;
        if (!number(value, what)) {
            return false;
        }
        if (value > remaining() / entry_size) {
            error = make_save_error(save_errc::truncated, at,
                                    "truncated save: %s at byte %zu is %u, but only %zu bytes remain", what, at,
                                    value, remaining());
            return false;
        }
        return true;
    }

    save_error error;

private:
    std::span<const std::byte> input_;
    std::size_t position_ = 0;
};

} // namespace kiln::internal
