// Finding a body's pixels in a screenshot by the hue of its palette colour: shading changes a
// colour's brightness, not its hue, so hue identifies a body under any lighting.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>

#include "body_palette.h"

namespace contactsim::test {

struct PixelStats {
  std::size_t count = 0;
  double mean_x = 0.0;  // pixel column, 0 = left
  double mean_y = 0.0;  // pixel row, 0 = top
};

// Hue in degrees [0, 360) and saturation [0, 1] (HSV) of an RGB colour in [0, 1].
inline void hueSaturation(double r, double g, double b, double& hue, double& saturation) {
  const double hi = std::max({r, g, b});
  const double lo = std::min({r, g, b});
  const double chroma = hi - lo;
  saturation = hi > 0.0 ? chroma / hi : 0.0;
  if (chroma <= 0.0) {
    hue = 0.0;
  } else if (hi == r) {
    hue = 60.0 * std::fmod((g - b) / chroma + 6.0, 6.0);
  } else if (hi == g) {
    hue = 60.0 * ((b - r) / chroma + 2.0);
  } else {
    hue = 60.0 * ((r - g) / chroma + 4.0);
  }
}

// A lit pixel of a body with colour `body`: close in hue, clearly saturated (the background,
// grid and highlight are grey) and not in deep shadow.
inline bool looksLike(const render::Rgb& body, int r8, int g8, int b8) {
  double body_hue, body_saturation, hue, saturation;
  hueSaturation(body.r, body.g, body.b, body_hue, body_saturation);
  hueSaturation(r8 / 255.0, g8 / 255.0, b8 / 255.0, hue, saturation);
  const double distance = std::abs(hue - body_hue);
  const double hue_error = std::min(distance, 360.0 - distance);
  return hue_error < 12.0 && saturation > 0.35 && std::max({r8, g8, b8}) > 40;
}

// Accumulates the pixels for which pixel(x, y, r, g, b) reports colour `body`.
template <typename PixelFn>
PixelStats findBodyPixels(const render::Rgb& body, int width, int height, PixelFn pixel) {
  PixelStats stats;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      int r, g, b;
      pixel(x, y, r, g, b);
      if (!looksLike(body, r, g, b)) continue;
      ++stats.count;
      stats.mean_x += x;
      stats.mean_y += y;
    }
  }
  if (stats.count > 0) {
    stats.mean_x /= static_cast<double>(stats.count);
    stats.mean_y /= static_cast<double>(stats.count);
  }
  return stats;
}

// The capture tests' two-body scene: a box on the left and a ball on the right of a width x height
// image, each covering at least 1 % of it.
inline void checkBoxLeftBallRight(const PixelStats& box, const PixelStats& ball, int width,
                                  int height) {
  INFO("box pixels " << box.count << " at x " << box.mean_x);
  INFO("ball pixels " << ball.count << " at x " << ball.mean_x);
  const double area = double(width) * height;
  CHECK(box.count > 0.01 * area);
  CHECK(ball.count > 0.01 * area);
  CHECK(box.mean_x < 0.5 * width);
  CHECK(ball.mean_x > 0.5 * width);
}

}  // namespace contactsim::test
