#include "body_palette.h"

namespace contactsim::render {

namespace {

// Saturated but not garish hues with similar lightness; none is close to the grey background,
// the grid or the selection highlight, and consecutive entries have very different hues.
constexpr std::array<Rgb, kBodyPaletteSize> kPalette{{
    {0.30, 0.60, 0.90},  // blue
    {0.93, 0.55, 0.20},  // orange
    {0.35, 0.75, 0.40},  // green
    {0.85, 0.33, 0.38},  // red
    {0.62, 0.45, 0.85},  // violet
    {0.25, 0.75, 0.75},  // teal
    {0.85, 0.75, 0.30},  // ochre
    {0.85, 0.45, 0.70},  // pink
}};

}  // namespace

Rgb bodyColour(std::size_t index) { return kPalette[index % kPalette.size()]; }

}  // namespace contactsim::render
