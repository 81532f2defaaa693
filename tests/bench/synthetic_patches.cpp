#include "synthetic_patches.h"

#include <cmath>
#include <numbers>

#include "geometry/primitives.h"

namespace contactsim::bench {

namespace {

constexpr double kPlateTop = 0.05;  // plate half thickness: its top face is at z = 0.05
constexpr double kLidHalfHeight = 0.04;
constexpr double kOverlap = 0.0005;  // how far the lid sinks into the plate at rest
constexpr int kLoopPoints = 64;

// A quasi-random point in [0, 1) per index and stream: patches spread evenly, none on a grid.
double spread(int i, double step) { return std::fmod(0.5 + i * step, 1.0); }

Pose lidPose(int frame) {
  const double t = 0.01 * frame;
  const Mat3 rotation = (Eigen::AngleAxisd(0.03 * std::sin(7.0 * t), Vec3::UnitZ()) *
                         Eigen::AngleAxisd(0.004 * std::sin(13.0 * t), Vec3::UnitX()))
                            .toRotationMatrix();
  const Vec3 translation(0.05 * std::sin(10.0 * t), 0.02 * std::cos(6.0 * t),
                         kPlateTop + kLidHalfHeight - kOverlap);
  return {rotation, translation};
}

ContactDiagnostics localPatch(int i) {
  ContactDiagnostics c;
  c.body_a = 0;
  c.body_b = 1;
  ContactPatch& p = c.patch;
  p.id = i;
  p.centroid = Vec3(1.5 * (spread(i, 0.618034) - 0.5), 0.84 * (spread(i, 0.414214) - 0.5),
                    -kLidHalfHeight + 0.5 * kOverlap);
  p.pressure_centre = p.centroid;
  // Tilted up to ~8° off the face normal, as contacts on a rough face are.
  p.normal =
      Vec3(0.14 * (spread(i, 0.281) - 0.5), 0.14 * (spread(i, 0.732) - 0.5), 1.0).normalized();
  const double radius = 0.008 + 0.02 * spread(i, 0.377);
  const Vec3 u = p.normal.unitOrthogonal(), v = p.normal.cross(u);
  std::vector<Vec3> loop;
  for (int k = 0; k < kLoopPoints; ++k) {
    const double a = 2.0 * std::numbers::pi * k / kLoopPoints;
    const double r = radius * (1.0 + 0.2 * std::sin(3.0 * a + i));  // not a circle
    loop.push_back(p.centroid + r * (std::cos(a) * u + std::sin(a) * v));
  }
  p.loops.push_back(std::move(loop));
  p.area = std::numbers::pi * radius * radius;
  p.indentation = p.law_indentation = kOverlap;
  p.depth_a = p.depth_b = 0.5 * kOverlap;
  p.deepest_point_a = p.centroid + 0.5 * kOverlap * p.normal;
  p.deepest_point_b = p.centroid - 0.5 * kOverlap * p.normal;
  c.normal_force = 200.0 + 1800.0 * spread(i, 0.577);
  c.friction_force = 0.3 * c.normal_force * (Vec3::UnitX() - p.normal.x() * p.normal).normalized();
  c.slip_velocity = 0.01 * Vec3::UnitX();
  return c;
}

ContactDiagnostics placed(const ContactDiagnostics& local, const Pose& pose) {
  ContactDiagnostics c = local;
  ContactPatch& p = c.patch;
  p.centroid = pose.apply(p.centroid);
  p.pressure_centre = pose.apply(p.pressure_centre);
  p.normal = pose.applyToDirection(p.normal);
  p.deepest_point_a = pose.apply(p.deepest_point_a);
  p.deepest_point_b = pose.apply(p.deepest_point_b);
  for (Vec3& x : p.loops.front()) x = pose.apply(x);
  c.friction_force = pose.applyToDirection(c.friction_force);
  c.slip_velocity = pose.applyToDirection(c.slip_velocity);
  return c;
}

}  // namespace

SyntheticPatches::SyntheticPatches(int count)
    : plate_(std::make_shared<const TriMesh>(makeBox(Vec3(1.0, 0.6, kPlateTop)))),
      lid_(std::make_shared<const TriMesh>(makeBox(Vec3(0.8, 0.45, kLidHalfHeight)))) {
  for (int i = 0; i < count; ++i) local_.push_back(localPatch(i));
}

SimulationFrame SyntheticPatches::frame(int i) const {
  SimulationFrame frame;
  frame.time = 0.01 * i;
  const Pose pose = lidPose(i);
  frame.bodies = {BodyState{}, BodyState{pose}};
  frame.contacts.reserve(local_.size());
  for (const ContactDiagnostics& c : local_) frame.contacts.push_back(placed(c, pose));
  return frame;
}

}  // namespace contactsim::bench
