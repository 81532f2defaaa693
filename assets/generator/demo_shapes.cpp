#include "generator/demo_shapes.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "generator/grading.h"
#include "generator/rounded_rect.h"
#include "generator/through_hole.h"

namespace contactsim::models {
namespace {

int cellsFor(double length, double cell) {
  return std::max(1, static_cast<int>(std::lround(length / cell)));
}

}  // namespace

TriMesh makeRamp(double length, double width, double degrees, double cell) {
  if (!(length > 0 && width > 0 && degrees > 0 && degrees < 80 && cell > 0)) {
    throw std::invalid_argument("makeRamp: bad dimensions");
  }
  // Lofted along y. Seen from +y, x points to the left, so the section loop runs
  // counter-clockwise as base (towards -x), incline (up towards +x), back face (down).
  const double height = length * std::tan(degrees * std::numbers::pi / 180.0);
  const double slope = std::hypot(length, height);
  enum { kBase = 0, kIncline = 1, kBack = 2 };
  LoftSpec spec;
  for (const int side : {kBase, kIncline, kBack}) {
    const double extent = side == kBase ? length : side == kIncline ? slope : height;
    for (const double p : uniformNodes(0.0, 1.0, cellsFor(extent, cell))) {
      if (p < 1.0) spec.around.push_back({side, p});
    }
  }
  spec.along = uniformNodes(-width / 2, width / 2, cellsFor(width, cell));
  spec.surface = [=](int side, double p, double y) {
    switch (side) {
      case kBase:
        return Vec3((1 - p) * length, y, 0.0);  // (L,0) -> (0,0)
      case kIncline:
        return Vec3(p * length, y, p * height);  // (0,0) -> (L,H)
      default:
        return Vec3(length, y, (1 - p) * height);  // (L,H) -> (L,0)
    }
  };
  spec.start_cap_rings = std::max(2, cellsFor(height, cell) / 2);
  spec.end_cap_rings = spec.start_cap_rings;
  MeshBuilder builder;
  Loft(spec).build(builder, {});
  return builder.build();
}

TriMesh makeBorePlate(double size, double thickness, double bore_radius) {
  if (!(size > 4 * bore_radius && thickness > 0 && bore_radius > 0)) {
    throw std::invalid_argument("makeBorePlate: bad dimensions");
  }
  // Lofted along x; the section (y, z) is a rectangle with 1 mm rounded edges.
  const double cell = std::min(size / 40, 2 * std::numbers::pi * bore_radius / 48);
  const RoundedRect section{size / 2, thickness / 2, std::min(0.001, thickness / 4)};
  LoftSpec spec;
  spec.around = roundedRectAround(cellsFor(size, cell), std::max(1, cellsFor(thickness, cell)), 2);
  spec.along = uniformNodes(-size / 2, size / 2, cellsFor(size, cell));
  spec.surface = [section, thickness](int side, double p, double x) {
    const Eigen::Vector2d uv = section.point(side, p);
    return Vec3(x, uv.x(), uv.y() - thickness / 2);  // top face at z = 0
  };
  spec.start_cap_rings = 3;
  spec.end_cap_rings = 3;
  const Loft loft(spec);
  TubeSpec bore;
  bore.origin = Vec3(0, 0, -thickness / 2);
  bore.axis = Vec3::UnitZ();
  bore.e1 = Vec3::UnitX();
  bore.radius = [bore_radius](double, double) { return bore_radius; };
  const HolePlan hole = planHole(loft, kTopFlat, kBottomFlat, bore, 3);
  MeshBuilder builder;
  const auto loops = loft.build(builder, {hole.window_a, hole.window_b});
  addThroughHole(builder, loops[0], hole.rim_a, loops[1], hole.rim_b, bore);
  return builder.build();
}

TriMesh makePin(double radius, double length, int segments) {
  if (!(radius > 0 && length > 0 && segments >= 8)) throw std::invalid_argument("makePin");
  LoftSpec spec;
  for (int k = 0; k < segments; ++k)
    spec.around.push_back({0, 2 * std::numbers::pi * k / segments});
  const double cell = 2 * std::numbers::pi * radius / segments;
  spec.along = uniformNodes(0.0, length, cellsFor(length, cell));
  spec.surface = [radius](int, double angle, double z) {
    return Vec3(radius * std::cos(angle), radius * std::sin(angle), z);
  };
  spec.start_cap_rings = std::max(1, segments / 8);
  spec.end_cap_rings = spec.start_cap_rings;
  MeshBuilder builder;
  Loft(spec).build(builder, {});
  return builder.build();
}

}  // namespace contactsim::models
