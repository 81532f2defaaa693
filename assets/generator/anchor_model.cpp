#include "generator/anchor_model.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "generator/grading.h"
#include "generator/rounded_rect.h"
#include "generator/through_hole.h"
#include "geometry/mass_properties.h"

namespace contactsim::models {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTilt = kFlukeTiltDegrees * kPi / 180.0;
constexpr double kClearance = 0.005;  // shank to slot, along the pin axis, at rest

double smooth(double a, double b, double x) {  // 0 below a, 1 above b, C1 in between
  const double f = std::clamp((x - a) / (b - a), 0.0, 1.0);
  return f * f * (3.0 - 2.0 * f);
}
double mix(double a, double b, double f) { return a + (b - a) * f; }

// ---- Shank: lofted along z from its lower end (through the crown) to the shackle eye. ----
constexpr double kShankBottom = -0.26;
constexpr double kNeckTop = 0.42;     // the slot-sized neck ends here: clear of the crown at +-38°
constexpr double kEyeZ = 2.56;        // shackle eye centre
constexpr double kEyeRadius = 0.075;  // shackle pin hole
constexpr double kEyeBoss = 0.19;     // half-width of the eye plate, radius of its rounded end
constexpr double kTopHalf = 0.05;     // the rounded end is cut (capped) where it is this narrow
const RoundedRect kNeck{0.16, 0.085, 0.35 * 0.085};  // section through the crown's slot

RoundedRect shankSection(double z) {
  double hx = kNeck.hu, hy = kNeck.hv;
  hx = mix(hx, 0.15, smooth(kNeckTop, 0.68, z));  // neck -> main bar
  hy = mix(hy, 0.17, smooth(kNeckTop, 0.68, z));
  const double taper = std::clamp((z - 0.68) / (2.0 - 0.68), 0.0, 1.0);
  hx -= 0.02 * taper;
  hy -= 0.03 * taper;
  const double plate = smooth(2.0, 2.3, z);  // main bar -> flat eye plate
  hx = mix(hx, kEyeBoss, plate);
  hy = mix(hy, 0.075, plate);
  if (z > kEyeZ) hx = std::sqrt(std::max(0.0, kEyeBoss * kEyeBoss - (z - kEyeZ) * (z - kEyeZ)));
  return {hx, hy, std::min(0.03, 0.35 * std::min(hx, hy))};
}

TriMesh buildShank() {
  LoftSpec spec;
  spec.around = roundedRectAround(20, 12, 4);
  spec.along = uniformNodes(kShankBottom, kEyeZ, static_cast<int>((kEyeZ - kShankBottom) / 0.02));
  const double top_angle = std::acos(kTopHalf / kEyeBoss);
  const int arc = 12;
  for (int k = 1; k <= arc; ++k)
    spec.along.push_back(kEyeZ + kEyeBoss * std::sin(top_angle * k / arc));
  spec.surface = [](int side, double p, double z) {
    const Eigen::Vector2d uv = shankSection(z).point(side, p);
    return Vec3(uv.x(), uv.y(), z);
  };
  spec.start_cap_rings = 3;
  spec.end_cap_rings = 2;
  const Loft loft(spec);
  TubeSpec eye;
  eye.origin = Vec3(0, 0, kEyeZ);
  eye.axis = Vec3::UnitY();
  eye.e1 = Vec3::UnitZ();
  eye.radius = [](double, double) { return kEyeRadius; };
  const HolePlan hole = planHole(loft, kTopFlat, kBottomFlat, eye, 2);
  MeshBuilder builder;
  const auto loops = loft.build(builder, {hole.window_a, hole.window_b});
  addThroughHole(builder, loops[0], hole.rim_a, loops[1], hole.rim_b, eye);
  return builder.build();
}

// ---- Crown: one sweep along a U-shaped path in the xz plane: left fluke tip, down a bend, ----
// ---- across the head (which holds the pin and the shank's slot), up to the right fluke tip. ----
constexpr double kHeadHalf = 0.42;  // straight head from x = -0.42 to 0.42
constexpr double kBendRadius = 0.36;
constexpr double kBendAngle = 75.0 * kPi / 180.0;  // flukes lean 15° outwards from the shank
constexpr double kFlukeLength = 0.85;
constexpr double kBendEnd = kHeadHalf + kBendRadius * kBendAngle;
constexpr double kHalfPath = kBendEnd + kFlukeLength;

struct Frame {
  Vec3 point, tangent;
};
// sigma: signed arc length from the head's centre (negative: the left half, mirrored).
Frame crownPath(double sigma) {
  const double a = std::abs(sigma);
  Frame f;
  if (a <= kHeadHalf) {
    f = {Vec3(a, 0, 0), Vec3::UnitX()};
  } else if (a <= kBendEnd) {
    const double psi = (a - kHeadHalf) / kBendRadius;
    f = {Vec3(kHeadHalf + kBendRadius * std::sin(psi), 0, kBendRadius * (1 - std::cos(psi))),
         Vec3(std::cos(psi), 0, std::sin(psi))};
  } else {
    const Vec3 t(std::cos(kBendAngle), 0, std::sin(kBendAngle));
    const Vec3 start(kHeadHalf + kBendRadius * std::sin(kBendAngle), 0,
                     kBendRadius * (1 - std::cos(kBendAngle)));
    f = {start + (a - kBendEnd) * t, t};
  }
  if (sigma < 0) {  // mirror in x; the path still runs towards +sigma
    f.point.x() = -f.point.x();
    f.tangent.z() = -f.tangent.z();
  }
  return f;
}

// u across the path along y (the head's width, the fluke's thickness), v in the path's plane.
RoundedRect crownSection(double sigma) {
  const double a = std::abs(sigma);
  const double bend = smooth(kHeadHalf, kBendEnd, a);
  const double taper = std::clamp((a - kBendEnd) / kFlukeLength, 0.0, 1.0);
  const double hu = mix(mix(0.42, 0.15, bend), 0.04, taper);
  const double hv = mix(mix(0.21, 0.28, bend), 0.07, taper);
  return {hu, hv, std::min(0.05, 0.35 * std::min(hu, hv))};
}

Vec3 crownPoint(int side, double p, double s) {
  const double sigma = s - kHalfPath;
  const Frame f = crownPath(sigma);
  const Vec3 n = f.tangent.cross(Vec3::UnitY());  // in the path plane; +z across the head
  const Eigen::Vector2d uv = crownSection(sigma).point(side, p);
  return f.point + uv.x() * Vec3::UnitY() + uv.y() * n;
}

// Slot for the shank's neck: wide enough along y for the neck turning +-kTilt about the pin
// (an hourglass, narrowest at the pin), kClearance wider than the neck everywhere at rest.
double slotRadius(double theta, double zeta) {
  const double half_y =
      (std::abs(zeta) * std::sin(kTilt) + kNeck.hv) / std::cos(kTilt) + kClearance;
  return RoundedRect{kNeck.hu + kClearance, half_y, kNeck.radius + kClearance}.radial(theta);
}

TriMesh buildCrown() {
  LoftSpec spec;
  spec.around = roundedRectAround(28, 12, 4);
  spec.along = uniformNodes(0.0, 2 * kHalfPath, static_cast<int>(2 * kHalfPath / 0.02));
  spec.surface = crownPoint;
  spec.start_cap_rings = 2;
  spec.end_cap_rings = 2;
  const Loft loft(spec);
  TubeSpec slot;
  slot.origin = Vec3::Zero();
  slot.axis = Vec3::UnitZ();
  slot.e1 = Vec3::UnitX();
  slot.radius = slotRadius;
  slot.ring_spacing = 0.02;
  const HolePlan hole = planHole(loft, kTopFlat, kBottomFlat, slot, 2);
  MeshBuilder builder;
  const auto loops = loft.build(builder, {hole.window_a, hole.window_b});
  addThroughHole(builder, loops[0], hole.rim_a, loops[1], hole.rim_b, slot);
  return builder.build();
}

TriMesh scaled(const TriMesh& mesh, double factor) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v *= factor;
  return TriMesh(std::move(vertices), mesh.triangles());
}

}  // namespace

AnchorModel makeAnchor() {
  const TriMesh shank = buildShank();
  const TriMesh crown = buildCrown();
  const double volume =
      computeMassProperties(shank, 1.0).volume + computeMassProperties(crown, 1.0).volume;
  AnchorModel model;
  model.scale = std::cbrt(kAnchorMass / (kSteelDensity * volume));
  model.shank = scaled(shank, model.scale);
  model.crown = scaled(crown, model.scale);
  model.shackle_point = Vec3(0, 0, kEyeZ * model.scale);
  model.eye_radius = kEyeRadius * model.scale;
  model.clearance = kClearance * model.scale;
  const Box3& b = model.shank.bounds();
  model.shank_length = b.max().z() - b.min().z();
  model.fluke_tip_span = model.crown.bounds().max().x() - model.crown.bounds().min().x();
  return model;
}

}  // namespace contactsim::models
