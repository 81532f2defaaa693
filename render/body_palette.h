// Distinct, well-lit colours for bodies, chosen so neighbours in the list are easy to tell apart.
#pragma once

#include <array>
#include <cstddef>

namespace contactsim::render {

struct Rgb {
  double r = 0.0, g = 0.0, b = 0.0;  // each in [0, 1]
};

// Number of colours before the palette repeats.
inline constexpr std::size_t kBodyPaletteSize = 8;

// Colour of the index-th body (cycles through the palette).
Rgb bodyColour(std::size_t index);

}  // namespace contactsim::render
