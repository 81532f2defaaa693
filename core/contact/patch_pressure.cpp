#include "contact/patch_pressure.h"

#include <algorithm>
#include <cmath>

#include "contact/pressure_centre.h"

namespace contactsim {
namespace {

bool usable(const TriangleDepth& t) {
  return std::isfinite(t.depth_integral) && t.depth_integral > 0.0 && std::isfinite(t.area) &&
         t.area > 0.0;
}

double integral(std::span<const TriangleDepth> field) {
  double sum = 0.0;
  for (const TriangleDepth& t : field) {
    if (usable(t)) sum += t.depth_integral;
  }
  return sum;
}

std::vector<TrianglePressure> scaled(std::span<const TriangleDepth> field, double side_integral,
                                     double normal_force, double& peak) {
  std::vector<TrianglePressure> out;
  out.reserve(field.size());
  for (const TriangleDepth& t : field) {
    if (!usable(t)) continue;
    const double p = normal_force * (t.depth_integral / t.area) / side_integral;
    out.push_back({t.triangle, p, t.area});
    peak = std::max(peak, p);
  }
  return out;
}

}  // namespace

PatchPressure patchPressure(const ContactPatch& patch, double normal_force) {
  PatchPressure out;
  if (!(normal_force > 0.0) || !std::isfinite(normal_force)) return out;
  const double side_a = integral(patch.depth_field_a);
  const double side_b = integral(patch.depth_field_b);
  const double both = side_a + side_b;
  if (!(both > 0.0) || !std::isfinite(both)) return out;
  if (side_a >= kNegligibleDepthShare * both)
    out.a = scaled(patch.depth_field_a, side_a, normal_force, out.peak);
  if (side_b >= kNegligibleDepthShare * both)
    out.b = scaled(patch.depth_field_b, side_b, normal_force, out.peak);
  return out;
}

}  // namespace contactsim
