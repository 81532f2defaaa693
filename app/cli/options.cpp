#include "cli/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace contactsim::cli {

Pose parsePose(const std::string& text, const std::string& option) {
  std::vector<double> values;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  while (p <= end) {
    const char* comma = std::find(p, end, ',');
    double value = 0.0;
    const auto [last, ec] = std::from_chars(p, comma, value);
    if (ec != std::errc() || last != comma || !std::isfinite(value)) {
      throw std::invalid_argument(option + " '" + text +
                                  "': expected six finite numbers tx,ty,tz,rx,ry,rz");
    }
    values.push_back(value);
    p = comma + 1;
  }
  if (values.size() != 6) {
    throw std::invalid_argument(option + " '" + text +
                                "': expected six numbers tx,ty,tz,rx,ry,rz, got " +
                                std::to_string(values.size()));
  }
  return Pose::fromTranslationRotationVector(Vec3(values[0], values[1], values[2]),
                                             Vec3(values[3], values[4], values[5]));
}

LengthUnit parseUnits(const std::string& text, const std::string& option) {
  if (const auto unit = parseLengthUnit(text)) return *unit;
  throw std::invalid_argument(option + " '" + text + "': expected one of m, cm, mm, in");
}

}  // namespace contactsim::cli
