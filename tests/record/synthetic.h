// Synthetic recordings for the tests: meshes, a header, and frames whose every field is a
// distinct, deterministic value (including -0.0, NaN-free awkward numbers and empty loops).
#pragma once

#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "../test_output_dir.h"
#include "record/recording_writer.h"
#include "sim/simulation_frame.h"

namespace contactsim::testing {

inline std::filesystem::path scratchDir(const std::string& name) {
  return testOutputDir("tests/record/scratch/" + name);
}

// A tetrahedron: small, closed, 4 vertices with non-round coordinates.
inline TriMesh tetrahedron(double scale) {
  std::vector<Vec3> v = {Vec3(0, 0, 0), Vec3(scale, 0.1, 0), Vec3(0.2, scale, 0),
                         Vec3(1.0 / 3.0, 0.25, scale)};
  std::vector<TriangleIndices> t = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {2, 0, 3}};
  return TriMesh(std::move(v), std::move(t));
}

struct SyntheticScene {
  std::vector<TriMesh> meshes;
  RecordingHeader header;
  std::vector<std::string> bodyNames() const {
    std::vector<std::string> names;
    for (const RecordingBody& b : header.bodies) names.push_back(b.name);
    return names;
  }
};

// `bodies` bodies (the first fixed, the last without a mesh when bodies >= 3), `cables` cables,
// `drives` driven joints.
inline SyntheticScene syntheticScene(int bodies = 3, int cables = 2, int drives = 0) {
  SyntheticScene s;
  s.meshes.reserve(static_cast<std::size_t>(bodies));
  for (int b = 0; b < bodies; ++b) s.meshes.push_back(tetrahedron(1.0 + 0.37 * b));
  s.header.scene_json = R"({"format": "contactsim-scene", "version": 1, "bodies": []})";
  s.header.scene_path = "scenes/synthetic é.json";
  for (int b = 0; b < bodies; ++b) {
    RecordingBody rb;
    rb.name = b == 0 ? "ground" : "body" + std::to_string(b);
    rb.fixed = b == 0;
    rb.mass = b == 0 ? 0.0 : 1.5 * b + 0.1;
    rb.mesh = (bodies >= 3 && b == bodies - 1) ? nullptr : &s.meshes[static_cast<std::size_t>(b)];
    s.header.bodies.push_back(rb);
  }
  for (int c = 0; c < cables; ++c) s.header.cables.push_back("cable" + std::to_string(c));
  for (int d = 0; d < drives; ++d) s.header.drives.push_back("joint" + std::to_string(d));
  s.header.time_step = 1e-3;
  return s;
}

// Frame k: values depend on k so that a misplaced row is noticed. `contacts` patches with
// `loop_points` points in their first loop (and an empty second loop for odd ids). With
// `drives` > 0 the frame has drive states and a nonzero drive_work (0 without, as a version-1
// file reads).
inline SimulationFrame syntheticFrame(int k, int bodies = 3, int cables = 2, int contacts = 2,
                                      int loop_points = 5, int drives = 0) {
  SimulationFrame f;
  f.time = k * 1e-3 + (k > 0 ? 1e-17 : 0.0);
  for (int b = 0; b < bodies; ++b) {
    BodyState s;
    const Vec3 axis = Vec3(1.0, 2.0 + b, 3.0 - k).normalized();
    s.pose.rotation = Eigen::AngleAxisd(0.1 * k + 0.7 * b + 2.9, axis).toRotationMatrix();
    s.pose.translation = Vec3(0.1 * b, -0.2 * k, 1.0 / (k + b + 3.0));
    s.linear_velocity = Vec3(-0.0, 1e-300 * b, -1.0 / 7.0 * k);
    s.angular_velocity = Vec3(std::sqrt(2.0) * k, -1e300, 5e-324 * b);
    f.bodies.push_back(s);
  }
  for (int c = 0; c < contacts; ++c) {
    ContactDiagnostics d;
    d.body_a = c % bodies;
    d.body_b = (c + 1) % bodies;
    ContactPatch& p = d.patch;
    p.id = 10 * c + k;
    p.continues = c == 0 ? -1 : 10 * (c - 1) + k;  // a make, then splits of it
    p.centroid = Vec3(0.1 * c, 0.2 * k, -0.3);
    p.pressure_centre = p.centroid + Vec3(1e-3 * k, -0.0, 2e-3);
    p.surface_offset = c == 0 ? 0.0 : 1e-4 * (k + 1) / 3.0;  // as older files read it, then not
    p.normal = Vec3(0.0, 0.6, 0.8);
    p.indentation = 1e-4 * (c + 1) + 1e-6 * k;
    p.area = 2.5e-3 / (c + 1);
    std::vector<Vec3> loop;
    for (int j = 0; j < loop_points; ++j) {
      const double a = 2.0 * M_PI * j / loop_points;
      loop.push_back(p.centroid + 0.01 * Vec3(std::cos(a), std::sin(a), 0.001 * k));
    }
    p.loops.push_back(loop);
    if (c % 2 == 1) p.loops.push_back({});  // an empty loop
    if (c % 2 == 1) p.loops.push_back({Vec3(1, 2, 3), Vec3(4, 5, 6), Vec3(7, 8, 9)});
    p.has_open_loop = c % 2 == 1;
    p.deepest_point_a = Vec3(0.5, -0.0, 1e-9 * k);
    p.deepest_point_b = Vec3(0.25, 0.125, -1e-9 * k);
    p.depth_a = 4e-5;
    p.depth_b = p.indentation - 4e-5;
    for (int t = 0; t < 3 + c; ++t) p.triangles_a.push_back(t * 7 + k);
    if (c % 2 == 0) p.triangles_b = {0, 1, 2147483647};
    d.indentation_rate = -0.001 * k;
    d.normal_force = 100.0 * (c + 1) + k;
    d.friction_force = Vec3(-3.0, 0.5 * k, 0.0);
    d.rolling_torque = Vec3(0.01, -0.02, 0.03 * c);
    d.slip_velocity = Vec3(1e-5, -1e-5 * k, 0.0);
    d.sticking = (c + k) % 2 == 0;
    f.contacts.push_back(d);
  }
  for (int c = 0; c < cables; ++c) f.cables.push_back({1.95 - 0.01 * k + c, 10.0 * c + 0.5 * k});
  for (int d = 0; d < drives; ++d)
    f.drives.push_back({d == 0 ? -0.0 : 2.0 * k * 1e-3 / 3.0 + d, -8.0 / (k + d + 1.0)});
  if (drives > 0) f.energy.drive_work = k == 0 ? -0.0 : 1e-3 * k / 7.0;
  f.energy.kinetic = 0.5 * k;
  f.energy.gravity = -9.81 * k;
  f.energy.springs = 1e-12;
  f.energy.cable_work = 0.25 * k;
  f.energy.load_work = -0.0;
  f.energy.source_work = -1e-3 * k;
  f.energy.dissipated = 1e-3 * k * k;
  f.solver.newton_iterations = 2 + k % 5;
  f.solver.substeps = 1 + k % 2;
  f.solver.constraint_violation = 1e-13 * k;
  f.solver.step_wall_seconds = 1.25e-4;
  return f;
}

// Bitwise equality of doubles (distinguishes -0.0; NaN equal to NaN of the same bits).
inline bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool same(const Vec3& a, const Vec3& b) {
  return same(a.x(), b.x()) && same(a.y(), b.y()) && same(a.z(), b.z());
}
inline bool same(const Mat3& a, const Mat3& b) {
  for (int i = 0; i < 9; ++i)
    if (!same(a.data()[i], b.data()[i])) return false;
  return true;
}

}  // namespace contactsim::testing
