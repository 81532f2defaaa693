#include "sim/start_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "contact/contact_regions.h"
#include "scene/scene_reader.h"
#include "sim/scene_contact.h"

namespace contactsim {
namespace {

// Names come from the user's file: a control character in one would split the one-line warning.
std::string quoted(const std::string& name) {
  std::string out = "'";
  for (const char c : name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "'";
}

// A length in the unit a reader of that size expects (µm for a settled δ, mm for a misplaced
// part, m beyond), three significant digits.
std::string length(double metres) {
  const double magnitude = std::abs(metres);
  char text[48];
  if (magnitude < 1e-3)
    std::snprintf(text, sizeof text, "%.3g µm", metres * 1e6);
  else if (magnitude < 1.0)
    std::snprintf(text, sizeof text, "%.3g mm", metres * 1e3);
  else
    std::snprintf(text, sizeof text, "%.3g m", metres);
  return text;
}

std::string vector(const Vec3& v) {
  char text[96];
  // Rounding noise (1e-17 for a zero component) is noise to the reader; %.4g keeps 0 as 0.
  const auto clean = [](double x) { return std::abs(x) < 5e-13 ? 0.0 : x; };
  std::snprintf(text, sizeof text, "(%.4g, %.4g, %.4g)", clean(v.x()), clean(v.y()), clean(v.z()));
  return text;
}

}  // namespace

double startOverlapThreshold(const TriMesh& a, const TriMesh& b) {
  const double size = std::min(a.scale(), b.scale());
  return kStartOverlapRelativeThreshold * size;
}

StartCheck checkStart(const Scene& scene) {
  StartCheck check;
  for (const ContactPairDefinition& pair : contactPairsFromScene(scene)) {
    const SceneBody& a = scene.bodies.at(pair.body_a);
    const SceneBody& b = scene.bodies.at(pair.body_b);
    const ContactRegions regions = findContact(*pair.tree_a, a.pose, *pair.tree_b, b.pose);
    if (regions.containment != Containment::None) {
      const bool a_inside = regions.containment == Containment::AInsideB;
      throw SceneError(scene.file.string() + ": contact " + quoted(a.name) + "–" + quoted(b.name) +
                       ": " + quoted(a_inside ? a.name : b.name) + " is entirely inside " +
                       quoted(a_inside ? b.name : a.name) +
                       " at t = 0 (no surface for the contact law to act on)");
    }
    if (regions.patches.empty()) continue;
    const auto deepest = std::max_element(
        regions.patches.begin(), regions.patches.end(),
        [](const ContactPatch& x, const ContactPatch& y) { return x.indentation < y.indentation; });
    const double threshold = startOverlapThreshold(pair.tree_a->mesh(), pair.tree_b->mesh());
    if (!(deepest->indentation > threshold)) {
      ++check.small_overlaps;
      continue;
    }
    StartOverlap overlap;
    overlap.body_a = a.name;
    overlap.body_b = b.name;
    overlap.depth = deepest->indentation;
    overlap.threshold = threshold;
    overlap.where = deepest->centroid;
    overlap.lift_direction = deepest->normal;
    overlap.lift_distance = deepest->indentation;
    overlap.patches = static_cast<int>(regions.patches.size());
    check.overlaps.push_back(std::move(overlap));
  }
  return check;
}

std::string describe(const StartOverlap& overlap) {
  std::string line = quoted(overlap.body_a) + "–" + quoted(overlap.body_b) + " start " +
                     length(overlap.depth) + " interpenetrating at " + vector(overlap.where) +
                     " m: lift " + quoted(overlap.body_b) + " " + length(overlap.lift_distance) +
                     " along " + vector(overlap.lift_direction) + " to clear";
  if (overlap.patches > 1) line += " (deepest of " + std::to_string(overlap.patches) + " patches)";
  return line;
}

std::string describeSmallOverlaps(const StartCheck& check) {
  if (check.small_overlaps == 0) return {};
  char ratio[16];
  std::snprintf(ratio, sizeof ratio, "%g", kStartOverlapRelativeThreshold);
  const bool one = check.small_overlaps == 1;
  return "start check: " + std::to_string(check.small_overlaps) +
         (one ? " pair touches or overlaps" : " pairs touch or overlap") + " by at most " + ratio +
         " of the smaller body's size at t = 0 (settled contact, not listed)";
}

}  // namespace contactsim
