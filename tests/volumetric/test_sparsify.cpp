// Sparsification: small points dropped, close points with close normals merged.
#include <catch2/catch.hpp>

#include "volumetric/sparsify.h"

using namespace contactsim;
using namespace contactsim::volumetric;

namespace {

VolumetricContactPoint point(const Vec3& p, const Vec3& n, double area, double gap = -0.01) {
  VolumetricContactPoint c;
  c.point = p;
  c.normal = n.normalized();
  c.area = area;
  c.gap = gap;
  c.volume = area * -gap;
  return c;
}

}  // namespace

TEST_CASE("sparsify drops small points and merges close ones with close normals", "[volumetric]") {
  SparsifyOptions options;
  options.min_area = 1e-4;
  options.min_distance = 0.05;
  const Vec3 z = Vec3::UnitZ();
  std::vector<VolumetricContactPoint> in = {
      point(Vec3(0, 0, 0), z, 0.01),                   // kept, absorbs the next
      point(Vec3(0.03, 0, 0), Vec3(0.1, 0, 1), 0.03),  // larger: the survivor, 5.7° off z
      point(Vec3(0.5, 0, 0), z, 0.01),                 // far: kept
      point(Vec3(0.5, 0.01, 0), Vec3(1, 0, 0), 0.01),  // near but 90° off: kept (an edge)
      point(Vec3(1, 0, 0), z, 5e-5),                   // too small: dropped
  };
  const auto out = sparsify(in, options);
  REQUIRE(out.size() == 3);
  // Ordered by area: the merged one first.
  CHECK(out[0].area == Approx(0.04));
  CHECK((out[0].point - Vec3(0.0225, 0, 0)).norm() < 1e-14);
  CHECK(out[0].normal.norm() == Approx(1.0));
  CHECK(out[0].normal.dot(z) > std::cos(0.1));
  CHECK(out[0].gap == Approx(-0.01));
  CHECK(out[0].volume == Approx(0.0004));
  for (const auto& c : out) CHECK(c.area >= options.min_area);
}

TEST_CASE("sparsify concatenates merged surfaces and keeps the larger point's pieces",
          "[volumetric]") {
  SparsifyOptions options;
  options.min_distance = 0.05;
  const Vec3 z = Vec3::UnitZ();
  VolumetricContactPoint small = point(Vec3(0.03, 0, 0), z, 0.01);
  small.piece_a = 4;
  small.piece_b = 5;
  small.intersection_surface = {Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(3, 0, 0)};
  VolumetricContactPoint large = point(Vec3::Zero(), z, 0.03);
  large.piece_a = 1;
  large.piece_b = 2;
  large.intersection_surface = {Vec3(0, 1, 0), Vec3(0, 2, 0), Vec3(0, 3, 0),
                                Vec3(0, 4, 0), Vec3(0, 5, 0), Vec3(0, 6, 0)};
  const auto out = sparsify({small, large}, options);
  REQUIRE(out.size() == 1);
  CHECK(out[0].piece_a == 1);
  CHECK(out[0].piece_b == 2);
  REQUIRE(out[0].intersection_surface.size() == 9);
  // The survivor's triangles first, then the absorbed point's, each triangle whole.
  CHECK(out[0].intersection_surface[5] == Vec3(0, 6, 0));
  CHECK(out[0].intersection_surface[6] == Vec3(1, 0, 0));
  CHECK(out[0].intersection_surface[8] == Vec3(3, 0, 0));
}

TEST_CASE("sparsify's defaults scale with the model", "[volumetric]") {
  const SparsifyOptions small = SparsifyOptions::forModelSize(0.01);
  const SparsifyOptions large = SparsifyOptions::forModelSize(10.0);
  CHECK(large.min_distance == Approx(1000 * small.min_distance));
  CHECK(large.min_area == Approx(1e6 * small.min_area));
  // A chain of points each closer than min_distance to the previous merges greedily into the
  // largest, not transitively: points beyond min_distance of the survivor stay.
  SparsifyOptions options;
  options.min_distance = 0.1;
  std::vector<VolumetricContactPoint> chain;
  for (int i = 0; i < 5; ++i)
    chain.push_back(point(Vec3(0.08 * i, 0, 0), Vec3::UnitZ(), i == 0 ? 1.0 : 0.1));
  const auto out = sparsify(chain, options);
  // x = 0 (area 1) absorbs 0.08 and moves to 0.0073; 0.16 is 0.153 from it: kept, absorbs 0.24
  // (moving to 0.2); 0.32 is 0.12 from that: kept.
  REQUIRE(out.size() == 3);
  CHECK(out[0].point.x() == Approx(0.008 / 1.1));
  CHECK(out[1].point.x() == Approx(0.2));
  CHECK(out[2].point.x() == Approx(0.32));
}
