// Pure helpers of the render library: force arrow lengths, layer names and presets, camera specs,
// which meshes may have their back faces culled.
#include <catch2/catch.hpp>

#include "closed_shell.h"
#include "force_scale.h"
#include "geometry/primitives.h"
#include "layers.h"
#include "render_video.h"
#include "video_capture.h"

using namespace contactsim;
using namespace contactsim::render;

TEST_CASE("force arrows: linear, logarithmic, clamped", "[render]") {
  ForceScale scale;
  scale.newtons_per_metre = 200.0;
  scale.max_length = 0.5;
  CHECK(scale.length(50.0) == Approx(0.25));
  CHECK(scale.length(1000.0) == Approx(0.5));  // clamped
  CHECK(scale.length(0.0) == 0.0);
  CHECK(scale.length(-3.0) == 0.0);
  CHECK(scale.length(std::nan("")) == 0.0);

  scale.logarithmic = true;
  scale.log_knee_newtons = 10.0;
  scale.max_length = 100.0;
  CHECK(scale.length(0.01) == Approx(0.01 / 200.0).epsilon(1e-3));  // linear below the knee
  // Every factor of 10 well above the knee adds about (knee / N-per-m) · ln 10.
  const double step = scale.length(1e6) - scale.length(1e5);
  CHECK(step == Approx(10.0 / 200.0 * std::log(10.0)).epsilon(1e-3));
  CHECK(scale.length(1e5) < 1e5 / 200.0);
}

TEST_CASE("layer names round-trip and presets", "[render]") {
  for (Layer layer : kAllLayers) {
    CHECK(layerFromName(layerName(layer)) == layer);
    CHECK(presetShows(LayerPreset::Debug, layer));
  }
  CHECK_FALSE(layerFromName("nonsense"));
  CHECK_FALSE(presetShows(LayerPreset::CleanVideo, Layer::AabbTree));
  CHECK_FALSE(presetShows(LayerPreset::CleanVideo, Layer::PenetratingTriangles));
  CHECK_FALSE(presetShows(LayerPreset::CleanVideo, Layer::ContactContours));
  CHECK(presetShows(LayerPreset::CleanVideo, Layer::NormalForces));
  CHECK(presetShows(LayerPreset::CleanVideo, Layer::TimeStamp));
  CHECK(presetShows(LayerPreset::Default, Layer::ContactContours));
  CHECK_FALSE(presetShows(LayerPreset::Default, Layer::AabbTree));
  CHECK(presetShows(LayerPreset::Default, Layer::IntersectionVolumes));
  CHECK_FALSE(presetShows(LayerPreset::CleanVideo, Layer::IntersectionVolumes));
  CHECK(layerFromName("intersection-volumes") == Layer::IntersectionVolumes);
}

TEST_CASE("camera specs", "[render]") {
  std::string error;
  auto iso = parseCameraOptions("iso", &error);
  REQUIRE(iso);
  CHECK_FALSE(iso->follow);
  CHECK_FALSE(iso->eye);

  auto top = parseCameraOptions("top+follow", &error);
  REQUIRE(top);
  CHECK(top->follow);
  CHECK(top->view_direction.normalized().z() == Approx(1.0));

  auto explicit_camera = parseCameraOptions("1,-2.5,3e-1:0,0,0.5", &error);
  REQUIRE(explicit_camera);
  CHECK(explicit_camera->eye->isApprox(Vec3(1, -2.5, 0.3)));
  CHECK(explicit_camera->target->isApprox(Vec3(0, 0, 0.5)));

  for (const char* bad : {"sideways", "1,2:3,4,5", "1,2,3:1,2,3", "1,2,3,4:0,0,0", "x,y,z:0,0,0"}) {
    INFO(bad);
    error.clear();
    CHECK_FALSE(parseCameraOptions(bad, &error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("video formats by extension", "[render]") {
  CHECK(videoFormatOf("a/b.ogv") == VideoFormat::OggTheora);
  CHECK(videoFormatOf("B.OGV") == VideoFormat::OggTheora);
  CHECK(videoFormatOf("clip.mp4") == VideoFormat::Mp4);
  CHECK_FALSE(videoFormatOf("clip.avi"));
  CHECK_FALSE(videoFormatOf("clip"));
}

TEST_CASE("closed outward shells: watertight, consistent and enclosing a positive volume",
          "[render]") {
  const TriMesh box = makeBox(Vec3(0.3, 0.2, 0.1));
  CHECK(isClosedOutwardShell(box));
  // Far from the origin, as scene meshes are, and of another shape.
  std::vector<Vec3> moved = makeIcosphere(0.5, 2).vertices();
  for (Vec3& v : moved) v += Vec3(1e4, -2e4, 300.0);
  CHECK(isClosedOutwardShell(TriMesh(moved, makeIcosphere(0.5, 2).triangles())));

  // Inside out: every triangle wound the other way.
  std::vector<TriangleIndices> flipped = box.triangles();
  for (TriangleIndices& t : flipped) std::swap(t[1], t[2]);
  CHECK_FALSE(isClosedOutwardShell(TriMesh(box.vertices(), flipped)));
  // Open: one triangle missing.
  std::vector<TriangleIndices> open = box.triangles();
  open.pop_back();
  CHECK_FALSE(isClosedOutwardShell(TriMesh(box.vertices(), open)));
  CHECK_FALSE(isClosedOutwardShell(TriMesh()));
}
