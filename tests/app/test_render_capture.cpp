// Off-screen capture of the render library: two bodies, checked pixel by pixel.
#include <catch2/catch.hpp>
#include <filesystem>

#include "../render/render_test_support.h"
#include "body_pixels.h"
#include "geometry/primitives.h"
#include "png_capture.h"
#include "scene_view.h"

using namespace contactsim;

namespace {

TriMesh translated(const TriMesh& mesh, const Vec3& offset) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v += offset;
  return TriMesh(std::move(vertices), mesh.triangles());
}

// The pixels of colour `body` in a PNG written by capturePng.
test::PixelStats bodyPixelsInPng(const std::filesystem::path& file, const render::Rgb& body,
                                 int width, int height) {
  const test::Image image = test::readPng(file);
  REQUIRE(image.width == width);
  REQUIRE(image.height == height);
  return test::findBodyPixels(body, width, height, [&](int x, int y, int& r, int& g, int& b) {
    image.pixel(x, y, r, g, b);
  });
}

}  // namespace

TEST_CASE("an off-screen capture shows each body in its colour on its side", "[render]") {
  render::SceneView view;
  const render::BodyId box = view.addBody(translated(makeBox(Vec3(0.5, 0.5, 0.5)), {-2, 0, 0.5}));
  const render::BodyId ball = view.addBody(translated(makeIcosphere(0.6, 3), {2, 0, 0.6}));
  view.resetCamera();

  const std::filesystem::path file =
      std::filesystem::path(CONTACTSIM_BINARY_DIR) / "test_render_capture.png";
  std::filesystem::remove(file);
  constexpr int kWidth = 640, kHeight = 400;
  render::capturePng(view, file, kWidth, kHeight);
  REQUIRE(std::filesystem::exists(file));

  const auto box_pixels = bodyPixelsInPng(file, view.bodyColourOf(box), kWidth, kHeight);
  const auto ball_pixels = bodyPixelsInPng(file, view.bodyColourOf(ball), kWidth, kHeight);
  test::checkBoxLeftBallRight(box_pixels, ball_pixels, kWidth, kHeight);
}

TEST_CASE("flat shading and selection render every body", "[render]") {
  render::SceneView view;
  const render::BodyId ball = view.addBody(translated(makeIcosphere(0.6, 1), {0, 0, 0.6}));
  view.setShading(render::Shading::Flat);
  view.setSelectedBody(ball);
  REQUIRE(view.selectedBody() == ball);

  const std::filesystem::path file =
      std::filesystem::path(CONTACTSIM_BINARY_DIR) / "test_render_capture_flat.png";
  constexpr int kWidth = 320, kHeight = 240;
  render::capturePng(view, file, kWidth, kHeight);
  const auto ball_pixels = bodyPixelsInPng(file, view.bodyColourOf(ball), kWidth, kHeight);
  CHECK(ball_pixels.count > 0.05 * kWidth * kHeight);
}
