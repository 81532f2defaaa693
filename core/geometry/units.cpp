#include "geometry/units.h"

namespace contactsim {

std::optional<LengthUnit> parseLengthUnit(std::string_view text) {
  if (text == "m") return LengthUnit::Metre;
  if (text == "cm") return LengthUnit::Centimetre;
  if (text == "mm") return LengthUnit::Millimetre;
  if (text == "in") return LengthUnit::Inch;
  return std::nullopt;
}

const char* toString(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Metre:
      return "m";
    case LengthUnit::Centimetre:
      return "cm";
    case LengthUnit::Millimetre:
      return "mm";
    case LengthUnit::Inch:
      return "in";
  }
  return "m";
}

double metresPer(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Metre:
      return 1.0;
    case LengthUnit::Centimetre:
      return 0.01;
    case LengthUnit::Millimetre:
      return 0.001;
    case LengthUnit::Inch:
      return 0.0254;  // exact by definition (1959)
  }
  return 1.0;
}

}  // namespace contactsim
