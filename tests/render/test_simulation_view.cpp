// Bodies moved by their poses, layers updated in place, videos written off-screen.
#include <vtkActor.h>
#include <vtkDataSet.h>
#include <vtkMapper.h>

#include <fstream>

#include "render_test_support.h"
#include "render_video.h"
#include "video_capture.h"

using namespace contactsim;
using test::BallOnPlate;

namespace {

std::string fileStart(const std::filesystem::path& file, std::size_t bytes) {
  std::ifstream in(file, std::ios::binary);
  std::string head(bytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(bytes));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

// `count` patches spread over a plate, each with a 64-point loop.
std::vector<ContactDiagnostics> manyPatches(int count, double spread) {
  std::vector<ContactDiagnostics> contacts;
  for (int i = 0; i < count; ++i) {
    ContactDiagnostics c;
    c.body_a = 0;
    c.body_b = 1;
    const double x = spread * (std::fmod(i * 0.618034, 1.0) - 0.5);
    const double y = spread * (std::fmod(i * 0.414214, 1.0) - 0.5);
    c.patch.centroid = Vec3(x, y, 0.0);
    c.patch.normal = Vec3::UnitZ();
    c.patch.area = 1e-4;
    std::vector<Vec3> loop;
    for (int k = 0; k < 64; ++k) {
      const double a = 2.0 * std::numbers::pi * k / 64.0;
      loop.push_back(c.patch.centroid + 0.005 * Vec3(std::cos(a), std::sin(a), 0.0));
    }
    c.patch.loops.push_back(loop);
    c.normal_force = 1.0 + i % 7;
    c.friction_force = Vec3(0.3 * (i % 3), 0.2, 0.0);
    contacts.push_back(c);
  }
  return contacts;
}

}  // namespace

TEST_CASE("a body appears where its pose puts it", "[display]") {
  auto plate = std::make_shared<const TriMesh>(makeBox(Vec3(2.0, 0.5, 0.05)));
  auto box = std::make_shared<const TriMesh>(makeBox(Vec3(0.3, 0.3, 0.3)));
  render::SimulationView view({plate, box});
  view.scene().setCamera(Vec3(0, -6, 2), Vec3(0, 0, 0.3));
  const render::Rgb box_colour = view.scene().bodyColourOf(view.viewId(1));
  constexpr int kW = 480, kH = 320;

  for (double x : {1.3, -1.3}) {
    Pose pose;
    pose.translation = Vec3(x, 0.0, 0.35);
    pose.rotation = Eigen::AngleAxisd(0.4, Vec3::UnitZ()).toRotationMatrix();
    view.setBodyPoses(std::vector<Pose>{Pose::identity(), pose});
    const auto image =
        test::capture(view.scene(), x > 0 ? "pose_right.png" : "pose_left.png", kW, kH);
    const auto pixels = test::findColour(image, box_colour);
    const auto expected = test::project(view.scene(), pose.translation, kW, kH);
    INFO("x = " << x << ": box pixels " << pixels.count << " at " << pixels.mean_x
                << ", projected centre " << expected.x);
    CHECK(pixels.count > 0.02 * kW * kH);
    if (x > 0) {
      CHECK(pixels.mean_x > 0.6 * kW);
    } else {
      CHECK(pixels.mean_x < 0.4 * kW);
    }
    CHECK(std::abs(pixels.mean_x - expected.x) < 0.05 * kW);
  }
}

TEST_CASE("bodies sharing a mesh share its polydata", "[display]") {
  auto ball = std::make_shared<const TriMesh>(makeIcosphere(0.2, 2));
  render::SimulationView view({ball, ball, ball});
  REQUIRE(view.bodyCount() == 3);
  std::vector<Pose> poses(3);
  for (int i = 0; i < 3; ++i) poses[i].translation = Vec3(0.5 * i, 0, 0.2);
  view.setBodyPoses(poses);
  const Box3 bounds = view.scene().bodiesBounds();
  CHECK(bounds.min().x() == Approx(-0.2));
  CHECK(bounds.max().x() == Approx(1.2));
  CHECK(view.scene().bodyPose(view.viewId(2)).translation.x() == Approx(1.0));
  // A pick's id maps back to its scene body.
  for (std::size_t i = 0; i < 3; ++i) CHECK(view.sceneIndex(view.viewId(i)) == i);
  CHECK(!view.sceneIndex(-1));
}

TEST_CASE("updates keep the actors and only refill their data", "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  view.applyPreset(render::LayerPreset::Debug);
  SimulationFrame frame = scene.frame;
  view.update(frame);
  test::capture(view.scene(), "update_1.png", 320, 240);
  const int props = view.scene().propCount();
  CHECK(view.contacts().counts().normal_arrows == 1);

  frame.contacts = manyPatches(300, 1.5);
  view.update(frame);
  test::capture(view.scene(), "update_300.png", 320, 240);
  CHECK(view.scene().propCount() == props);
  const auto many = view.contacts().counts();
  CHECK(many.normal_arrows == 300);
  CHECK(many.friction_arrows == 300);
  CHECK(many.discs == 300);
  CHECK(many.contour_lines == 300);
  CHECK(many.markers == 300);  // centroids only: no depths given

  frame.contacts.clear();
  view.update(frame);
  test::capture(view.scene(), "update_0.png", 320, 240);
  CHECK(view.scene().propCount() == props);
  const auto none = view.contacts().counts();
  CHECK(none.normal_arrows == 0);
  CHECK(none.contour_lines == 0);
  CHECK(none.triangles == 0);
}

TEST_CASE("a 10-frame Ogg Theora video is written", "[display][video]") {
  BallOnPlate scene;
  const auto file = test::outputPath("ball_on_plate.ogv");
  int produced = 0;
  render::FrameSource source = [&](SimulationFrame& frame) {
    if (produced == 10) return false;
    frame = scene.frame;
    frame.time = 0.01 * produced;
    frame.bodies[1].pose.translation.x() = 0.05 * produced;
    frame.contacts[0].patch.centroid.x() = 0.05 * produced;
    ++produced;
    return true;
  };
  render::VideoOptions options;
  options.width = 320;
  options.height = 240;
  options.frames_per_second = 10;
  const render::VideoReport report = render::renderVideo(scene.meshes(), source, options, file);
  CHECK(report.frames == 10);
  CHECK(report.first_time == 0.0);
  CHECK(report.last_time == Approx(0.09));
  REQUIRE(std::filesystem::exists(file));
  CHECK(std::filesystem::file_size(file) > 1000);
  CHECK(fileStart(file, 4) == "OggS");
}

TEST_CASE("an .mp4 goes through ffmpeg, or says that ffmpeg is needed", "[display][video]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  view.update(scene.frame);
  const auto file = test::outputPath("ball_on_plate.mp4");
  if (!render::ffmpegAvailable()) {
    WARN("ffmpeg is not installed: checking the error message only");
    CHECK_THROWS_WITH(render::VideoCapture(view.scene(), file, 320, 240, 10),
                      Catch::Contains("ffmpeg"));
    return;
  }
  {
    render::VideoCapture video(view.scene(), file, 321, 241, 10);
    CHECK(video.width() == 322);
    for (int i = 0; i < 5; ++i) {
      view.setTime(0.1 * i);
      video.addFrame();
    }
    video.close();
    CHECK(video.frameCount() == 5);
  }
  CHECK(fileStart(file, 8).substr(4) == "ftyp");
}

TEST_CASE("unknown video extensions are refused", "[display][video]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  CHECK_THROWS_WITH(render::VideoCapture(view.scene(), test::outputPath("x.avi"), 64, 64, 10),
                    Catch::Contains("x.avi") && Catch::Contains("unknown video format"));
}

TEST_CASE("contact layer update and render cost (prints, no assertion on time)",
          "[display][timing]") {
  BallOnPlate scene;
  constexpr int kFrames = 11, kW = 1280, kH = 720;
  auto run = [&](const char* label, render::LayerPreset preset, std::size_t patches, bool triangles,
                 int multisamples = 4) {
    render::SimulationView view(scene.meshes());
    view.applyPreset(preset);
    SimulationFrame frame = scene.frame;
    frame.contacts = manyPatches(int(patches), 1.6);
    if (triangles) {
      for (ContactDiagnostics& c : frame.contacts) {
        c.patch.triangles_a = scene.frame.contacts[0].patch.triangles_a;
        c.patch.triangles_b = scene.frame.contacts[0].patch.triangles_b;
      }
    }
    view.update(frame);
    const test::RenderTiming t = test::timeFrames(view, frame, kFrames, kW, kH, multisamples);
    const auto counts = view.contacts().counts();
    std::printf(
        "%-58s update %6.2f ms  render %6.2f ms  total %6.2f ms  (%ld arrows, %ld loop "
        "cells, %ld triangles)\n",
        label, t.update_ms, t.render_ms, t.total_ms, counts.normal_arrows + counts.friction_arrows,
        counts.contour_lines, counts.triangles);
    std::fflush(stdout);
    CHECK(counts.normal_arrows == long(patches));
    if (patches > 0 && preset == render::LayerPreset::Default && multisamples > 0) {
      // What hundreds of patches look like, with arrows scaled to the largest force.
      view.fitForceScale(frame);
      test::capture(view.scene(), "contacts_500.png", kW, kH);
    }
  };
  std::printf("median of %d frames, %dx%d off-screen, 4x multisampling unless said:\n", kFrames, kW,
              kH);
  run("bodies only (0 patches)", render::LayerPreset::Default, 0, false);
  run("500 patches, 64-point loops, default layers", render::LayerPreset::Default, 500, false);
  run("500 patches, default layers, no multisampling", render::LayerPreset::Default, 500, false, 0);
  run("500 patches, clean-video layers", render::LayerPreset::CleanVideo, 500, false);
  run("500 patches, all layers incl. penetrating triangles", render::LayerPreset::Debug, 500, true);
}

TEST_CASE("renderVideo with a parsed camera spec: explicit and following", "[display][video]") {
  BallOnPlate scene;
  for (const char* spec : {"top+follow", "0,-3,1:0,0,0.2"}) {
    INFO(spec);
    std::string error;
    const auto camera = render::parseCameraOptions(spec, &error);
    REQUIRE(camera);
    int produced = 0;
    render::FrameSource source = [&](SimulationFrame& frame) {
      if (produced == 3) return false;
      frame = scene.frame;
      frame.time = 0.5 * produced;
      frame.bodies[1].pose.translation.x() = 0.3 * produced;
      ++produced;
      return true;
    };
    render::VideoOptions options;
    options.width = 160;
    options.height = 120;
    options.camera = *camera;
    options.preset = render::LayerPreset::Debug;
    bool set_up = false;
    options.setup = [&](render::SimulationView& view) {
      set_up = true;
      view.debug().setJointAxes({{1, Vec3::Zero(), Vec3::UnitX()}});
    };
    int progress_calls = 0;
    options.progress = [&](int, const SimulationFrame&) { ++progress_calls; };
    const auto file = test::outputPath(camera->follow ? "follow.ogv" : "explicit_camera.ogv");
    const auto report = render::renderVideo(scene.meshes(), source, options, file);
    CHECK(set_up);
    CHECK(progress_calls == 3);
    CHECK(report.frames == 3);
    CHECK(report.last_time == Approx(1.0));
    CHECK(fileStart(file, 4) == "OggS");
  }
  render::FrameSource empty = [](SimulationFrame&) { return false; };
  CHECK_THROWS_WITH(render::renderVideo(scene.meshes(), empty, {}, test::outputPath("empty.ogv")),
                    Catch::Contains("no frames"));
}

// The chain's model bends it on the ring's rim where a straight line would miss the opening
// (core/dynamics/chain_path.h); the drawing must follow that path, not the ring's centre. Ends at
// (X, 0, ±H) about a ring of radius r at the origin (axis z), X > r: by symmetry the shortest path
// through the opening bends at the rim point (r, 0, 0).
TEST_CASE("a chain led through a ring is drawn through the rim point it bears on", "[display]") {
  auto box = std::make_shared<const TriMesh>(makeBox(Vec3(0.05, 0.05, 0.05)));
  render::SimulationView view({box});
  constexpr double r = 0.1, X = 0.5, H = 0.8;
  ChainGuide guide;
  guide.radius = r;
  // The cable's drawn points with the body, which carries the lower end at its origin, there.
  const auto drawn = [&](const Vec3& lower) {
    Pose pose;
    pose.translation = lower;
    view.debug().update(std::vector<BodyState>{{pose}});
    vtkDataSet* data = view.debug().actor(render::Layer::Cables)->GetMapper()->GetInput();
    std::vector<Vec3> points;
    for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
      double p[3];
      data->GetPoint(i, p);
      points.emplace_back(p[0], p[1], p[2]);
    }
    return points;
  };
  const auto cable = [&](const Vec3& upper) {
    render::CablePath path;
    path.points = {{-1, upper}, {0, Vec3::Zero()}};
    path.guide = guide;
    view.debug().setCables({path});
  };

  cable(Vec3(X, 0.0, H));
  const std::vector<Vec3> points = drawn(Vec3(X, 0.0, -H));
  REQUIRE(points.size() == 3);
  CHECK((points[0] - Vec3(X, 0, H)).norm() < 1e-12);
  CHECK((points[1] - Vec3(r, 0, 0)).norm() < 1e-12);
  CHECK((points[2] - Vec3(X, 0, -H)).norm() < 1e-12);

  // Through the opening, or both ends on one side of the ring's plane: straight.
  cable(Vec3(0.5 * r, 0.0, H));
  CHECK(drawn(Vec3(0.5 * r, 0.0, -H)).size() == 2);
  cable(Vec3(X, 0.0, 2.0 * H));
  CHECK(drawn(Vec3(X, 0.0, H)).size() == 2);
}
