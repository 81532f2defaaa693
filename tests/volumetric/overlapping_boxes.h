// Two bodies of axis-aligned boxes overlapping at rest, and the contact points a
// VolumetricForceSource publishes for them at its first commit: a fixed body A of two slabs side
// by side with a gap between them (two shells, so pieces 0 and 1) and a free block B straddling
// the gap, 1 cm into both, posed by a quarter turn about z. The intersections are boxes known in
// closed form. Shared by the core test of the diagnostics and the render and GUI tests.
#pragma once

#include <Eigen/Geometry>
#include <memory>
#include <vector>

#include "../solid_mass.h"
#include "geometry/primitives.h"
#include "volumetric/volumetric_force_source.h"
#include "volumetric_test_shapes.h"

namespace contactsim::test {

struct AxisBox {
  Vec3 lo_world, hi_world;
  Vec3 centre() const { return 0.5 * (lo_world + hi_world); }
  Vec3 half() const { return 0.5 * (hi_world - lo_world); }
  double volume() const { return (hi_world - lo_world).cwiseMax(0.0).prod(); }
  bool contains(const Vec3& p_world, double tolerance) const {
    return (p_world.array() >= lo_world.array() - tolerance).all() &&
           (p_world.array() <= hi_world.array() + tolerance).all();
  }
};

inline AxisBox intersection(const AxisBox& a, const AxisBox& b) {
  return {a.lo_world.cwiseMax(b.lo_world), a.hi_world.cwiseMin(b.hi_world)};
}

// The boxes as one mesh of separate closed shells, in the order given, `pose` mapping the mesh's
// frame to the world.
inline TriMesh boxesMesh(const std::vector<AxisBox>& boxes_world, const Pose& pose) {
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  const Pose into_mesh = pose.inverse();
  for (const AxisBox& box : boxes_world) {
    const TriMesh one = makeBox(box.half());
    const auto offset = static_cast<std::int32_t>(vertices.size());
    for (const Vec3& v : one.vertices()) vertices.push_back(into_mesh.apply(box.centre() + v));
    for (TriangleIndices t : one.triangles()) {
      for (auto& i : t) i += offset;
      triangles.push_back(t);
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

struct OverlappingBoxes {
  std::vector<AxisBox> boxes_a = {{Vec3(-0.6, -0.3, -0.2), Vec3(-0.05, 0.3, 0.0)},
                                  {Vec3(0.05, -0.3, -0.2), Vec3(0.6, 0.3, 0.0)}};
  AxisBox box_b{Vec3(-0.25, -0.1, -0.01), Vec3(0.15, 0.1, 0.19)};
  Pose pose_b;  // B's body frame: at its box's centre, turned a quarter about z
  std::shared_ptr<const TriMesh> mesh_a, mesh_b;
  MultibodySystem system;
  BodyIndex body_a = 0, body_b = 0;
  std::vector<ContactDiagnostics> contacts;  // at the first commit

  OverlappingBoxes() {
    pose_b.rotation = Eigen::AngleAxisd(0.5 * 3.14159265358979323846, Vec3::UnitZ()).matrix();
    pose_b.translation = box_b.centre();
    mesh_a = std::make_shared<const TriMesh>(boxesMesh(boxes_a, Pose{}));
    mesh_b = std::make_shared<const TriMesh>(boxesMesh({box_b}, pose_b));
    BodyDefinition a;
    a.name = "slabs";
    a.fixed = true;
    body_a = system.addBody(a);
    BodyDefinition b;
    b.name = "block";
    b.mass = solidBox(10.0, box_b.half());
    b.pose = pose_b;
    body_b = system.addBody(b);
    volumetric::VolumetricPairDefinition pair;
    pair.body_a = body_a;
    pair.body_b = body_b;
    pair.pieces_a = volumetric::piecesOfBody(*mesh_a, "slabs", nullptr);
    pair.pieces_b = volumetric::piecesOfBody(*mesh_b, "block", nullptr);
    pair.law.normal = HuntCrossleyLaw{1e8, 1.5, 0.5, 1e-2};
    volumetric::VolumetricForceSource source(system, {pair});
    source.acceptStep(system.initialCoordinates(), system.initialVelocities(), 0.0);
    contacts = source.contacts();
  }

  // The closed-form intersection of B with A's slab `piece`.
  AxisBox expected(int piece) const {
    return intersection(boxes_a[static_cast<std::size_t>(piece)], box_b);
  }
};

}  // namespace contactsim::test
