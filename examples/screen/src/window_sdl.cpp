#include <screen/window.hpp>

#include <SDL.h>

#include <screen/keys.hpp>

namespace screen {

struct window::state {
    SDL_Window* window = nullptr;
    SDL_Renderer* renderer = nullptr;
    SDL_Texture* texture = nullptr;

    ~state() {
        if (texture != nullptr) {
            SDL_DestroyTexture(texture);
        }
        if (renderer != nullptr) {
            SDL_DestroyRenderer(renderer);
        }
        if (window != nullptr) {
            SDL_DestroyWindow(window);
        }
        SDL_Quit();
    }
};

window::window() = default;
window::~window() = default;

std::string window::open(const std::string& title, int width, int height, int scale) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        return std::string{"SDL cannot start its video: "} + SDL_GetError() + " (run with --headless where there is no display)";
    }
    state_ = std::make_unique<state>();
    state_->window = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width * scale,
                                      height * scale, SDL_WINDOW_RESIZABLE);
    if (state_->window != nullptr) {
        state_->renderer = SDL_CreateRenderer(state_->window, -1, SDL_RENDERER_PRESENTVSYNC);
    }
    if (state_->renderer != nullptr) {
        SDL_RenderSetLogicalSize(state_->renderer, width, height);
        state_->texture =
            SDL_CreateTexture(state_->renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STREAMING, width, height);
    }
    if (state_->texture == nullptr) {
        std::string error = std::string{"SDL cannot open a window: "} + SDL_GetError();
        state_.reset();
        return error;
    }
    return "";
}

bool window::poll(std::uint32_t& keys) {
    SDL_Event event;
    while (SDL_PollEvent(&event) != 0) {
        if (event.type == SDL_QUIT) {
            return false;
        }
    }
    const Uint8* held = SDL_GetKeyboardState(nullptr);
    if (held[SDL_SCANCODE_ESCAPE] != 0) {
        return false;
    }
    const struct {
        SDL_Scancode code;
        key bit;
    } map[] = {
        {SDL_SCANCODE_LEFT, key_left},  {SDL_SCANCODE_RIGHT, key_right}, {SDL_SCANCODE_UP, key_up},
        {SDL_SCANCODE_DOWN, key_down},  {SDL_SCANCODE_SPACE, key_fire},  {SDL_SCANCODE_F5, key_save},
        {SDL_SCANCODE_F9, key_load},    {SDL_SCANCODE_R, key_restart},   {SDL_SCANCODE_F6, key_reload},
        {SDL_SCANCODE_P, key_pause},
    };
    keys = 0;
    for (const auto& each : map) {
        if (held[each.code] != 0) {
            keys |= each.bit;
        }
    }
    return true;
}

void window::present(const image& picture) {
    SDL_UpdateTexture(state_->texture, nullptr, picture.rgba.data(), picture.width * 4);
    SDL_RenderClear(state_->renderer);
    SDL_RenderCopy(state_->renderer, state_->texture, nullptr, nullptr);
    SDL_RenderPresent(state_->renderer);
}

} // namespace screen
