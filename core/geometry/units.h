// Length units accepted by mesh files and scenes; everything inside the core is SI.
#pragma once

#include <optional>
#include <string_view>

namespace contactsim {

enum class LengthUnit { Metre, Centimetre, Millimetre, Inch };

// "m", "cm", "mm", "in"; nullopt for anything else.
std::optional<LengthUnit> parseLengthUnit(std::string_view text);
const char* toString(LengthUnit unit);
double metresPer(LengthUnit unit);

}  // namespace contactsim
