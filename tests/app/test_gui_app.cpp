// The GUI executable driven through its command line, as a user's script would drive it.
#include <sys/wait.h>

#include <QImage>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../test_output_dir.h"
#include "body_palette.h"
#include "body_pixels.h"
#include "contact_layer.h"
#include "geometry/primitives.h"

using namespace contactsim;
namespace fs = std::filesystem;

namespace {

// One directory per test case: ctest runs this executable's tags as separate tests side by side,
// and in one shared directory a window's stderr redirect truncated another case's stderr file
// while it was read (test_gui_bad_files saw no error line), and two cases wrote the same meshes.
fs::path workDir() {
  std::string name = Catch::getResultCapture().getCurrentTestName();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return testing::testOutputDir("test_gui_app/" + name);
}

// Written here rather than with the project's exporter so the GUI reads an independent file.
void writeAsciiStl(const fs::path& file, const TriMesh& mesh, const Vec3& offset) {
  std::ofstream out(file);
  out.precision(17);
  out << "solid test\n";
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Vec3& n = mesh.normals()[t];
    out << " facet normal " << n.x() << ' ' << n.y() << ' ' << n.z() << "\n  outer loop\n";
    for (int k = 0; k < 3; ++k) {
      const Vec3 p = mesh.corner(t, k) + offset;
      out << "   vertex " << p.x() << ' ' << p.y() << ' ' << p.z() << "\n";
    }
    out << "  endloop\n endfacet\n";
  }
  out << "endsolid test\n";
}

// findBodyPixels' reader of a screenshot: the pixels of its top-left width_share × height_share,
// black outside.
auto screenshotPixels(const QImage& image, double width_share = 1.0, double height_share = 1.0) {
  return [&image, width_share, height_share](int x, int y, int& r, int& g, int& b) {
    const bool inside = x < width_share * image.width() && y < height_share * image.height();
    const QRgb p = inside ? image.pixel(x, y) : qRgb(0, 0, 0);
    r = qRed(p);
    g = qGreen(p);
    b = qBlue(p);
  };
}

struct RunResult {
  int exit_code = -1;
  std::vector<std::string> stderr_lines;
};

// Runs the GUI with `arguments` (already quoted), capturing stderr line by line.
RunResult runGui(const std::string& arguments) {
  const fs::path dir = workDir();
  // A private runtime directory keeps Qt from warning about XDG_RUNTIME_DIR on stderr.
  const fs::path runtime = dir / "runtime";
  fs::create_directories(runtime);
  fs::permissions(runtime, fs::perms::owner_all, fs::perm_options::replace);
  const fs::path errors = dir / "stderr.txt";
  // `timeout`: a window that never quits fails its test instead of stalling the suite.
  const std::string command = "XDG_RUNTIME_DIR='" + runtime.string() + "' timeout 300 '" +
                              std::string(CONTACTSIM_GUI_EXE) + "' " + arguments + " 2>'" +
                              errors.string() + "'";
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(errors);
  for (std::string line; std::getline(in, line);) result.stderr_lines.push_back(line);
  return result;
}

// Appending (rather than "'" + s + "'") avoids a GCC 12 false -Wrestrict warning.
std::string quoted(const fs::path& path) {
  std::string text = "'";
  text += path.string();
  text += '\'';
  return text;
}

std::string joined(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const auto& line : lines) out << line << "\n";
  return out.str();
}

}  // namespace

TEST_CASE("the window screenshot shows both bodies in their colours on their sides",
          "[screenshot]") {
  const fs::path dir = workDir();
  const fs::path box = dir / "box_left.stl";
  const fs::path ball = dir / "ball_right.stl";
  writeAsciiStl(box, makeBox(Vec3(0.5, 0.5, 0.5)), {-2.0, 0.0, 0.5});
  writeAsciiStl(ball, makeIcosphere(0.6, 3), {2.0, 0.0, 0.6});
  const fs::path shot = dir / "viewer.png";
  fs::remove(shot);

  const RunResult run =
      runGui("--screenshot " + quoted(shot) + " --quit " + quoted(box) + " " + quoted(ball));
  INFO("stderr:\n" << joined(run.stderr_lines));
  REQUIRE(run.exit_code == 0);
  REQUIRE(fs::exists(shot));

  const QImage image(QString::fromStdString(shot.string()));
  REQUIRE(!image.isNull());
  const int width = image.width(), height = image.height();
  CHECK(width >= 1000);
  CHECK(height >= 600);

  // Not blank: a rendered scene has shading gradients, not a handful of flat colours.
  std::set<QRgb> colours;
  for (int y = 0; y < height; y += 2) {
    for (int x = 0; x < width; x += 2) colours.insert(image.pixel(x, y));
  }
  CHECK(colours.size() > 500);

  const auto pixel = screenshotPixels(image);
  // The GUI gives bodies the palette colours in the order they were opened.
  const auto box_pixels = test::findBodyPixels(render::bodyColour(0), width, height, pixel);
  const auto ball_pixels = test::findBodyPixels(render::bodyColour(1), width, height, pixel);
  // The view is the window's centre (docks around it): each body covers a few per mille of the
  // window, the box left of the ball.
  INFO("box pixels " << box_pixels.count << " at x " << box_pixels.mean_x);
  INFO("ball pixels " << ball_pixels.count << " at x " << ball_pixels.mean_x);
  CHECK(box_pixels.count > 0.003 * width * height);
  CHECK(ball_pixels.count > 0.003 * width * height);
  CHECK(box_pixels.mean_x < ball_pixels.mean_x - 0.1 * width);
}

TEST_CASE("--run-until simulates a scene to a time before the screenshot", "[run-until]") {
  const fs::path shot = workDir() / "bouncing_ball.png";
  fs::remove(shot);
  const fs::path scene = fs::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/bouncing_ball.json";
  const RunResult run =
      runGui(quoted(scene) + " --run-until 0.6 --screenshot " + quoted(shot) + " --quit");
  INFO("stderr:\n" << joined(run.stderr_lines));
  REQUIRE(run.exit_code == 0);
  const QImage image(QString::fromStdString(shot.string()));
  REQUIRE(!image.isNull());
  // Mid-impact at t = 0.6 s: the green normal-force arrow is drawn.
  const auto pixel = screenshotPixels(image);
  const auto green =
      test::findBodyPixels(render::kNormalForceColour, image.width(), image.height(), pixel);
  CHECK(green.count > 50);
}

TEST_CASE("--run-until on a recording shows its frame at that time and quits", "[run-until]") {
  // The window used to ignore --run-until while replaying and never quit. bouncing_ball.json
  // drops the ball from 0.4 m: at t = 0 it hangs above the plate; at 0.6 s it is in its second
  // impact (first at √(2·0.3 m / g) ≈ 0.25 s, rebound 0.7 × 2.4 m/s, flight 0.35 s), on the plate
  // with the green normal-force arrow drawn.
  const fs::path dir = workDir();
  const fs::path recording = dir / "bouncing_ball.db";
  fs::remove(recording);
  const fs::path scene = fs::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/bouncing_ball.json";
  const std::string record = "'" + std::string(CONTACTSIM_CLI_EXE) + "' run " + quoted(scene) +
                             " --until 0.7 --record " + quoted(recording) + " > /dev/null";
  REQUIRE(std::system(record.c_str()) == 0);
  struct Frame {
    test::PixelStats ball, green;
    int height = 0;
  };
  const auto screenshot = [&](const std::string& time) {
    const fs::path shot = dir / ("replay_" + time + ".png");
    fs::remove(shot);
    const RunResult run = runGui(quoted(recording) + " --run-until " + time + " --screenshot " +
                                 quoted(shot) + " --quit");
    INFO("stderr:\n" << joined(run.stderr_lines));
    REQUIRE(run.exit_code == 0);
    const QImage image(QString::fromStdString(shot.string()));
    REQUIRE(!image.isNull());
    // The 3D view only (the window's centre): the plots on the right (the last quarter) and the
    // contact table below (the last fifth) draw green curves and text too.
    const auto pixel = screenshotPixels(image, 0.75, 0.78);
    return Frame{
        test::findBodyPixels(render::bodyColour(1), image.width(), image.height(), pixel),
        test::findBodyPixels(render::kNormalForceColour, image.width(), image.height(), pixel),
        image.height()};
  };
  const Frame start = screenshot("0");
  const Frame impact = screenshot("0.6");
  INFO("ball at row " << start.ball.mean_y << " then " << impact.ball.mean_y << "; green pixels "
                      << start.green.count << " then " << impact.green.count);
  REQUIRE(start.ball.count > 0);
  REQUIRE(impact.ball.count > 0);
  CHECK(impact.ball.mean_y > start.ball.mean_y + 0.05 * start.height);
  CHECK(impact.green.count > start.green.count + 50);
}

TEST_CASE("bad command-line files give one error line naming the file and exit 2", "[bad-files]") {
  const fs::path dir = workDir();

  SECTION("a corrupt mesh") {
    const fs::path corrupt = dir / "corrupt.stl";
    std::ofstream(corrupt) << "solid broken\n facet normal 0 0 1\n  outer loop\n   vertex 0 0\n";
    const RunResult run = runGui("--quit " + quoted(corrupt));
    INFO("stderr:\n" << joined(run.stderr_lines));
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].rfind("error: ", 0) == 0);
    CHECK(run.stderr_lines[0].find(corrupt.string()) != std::string::npos);
  }

  SECTION("a missing mesh next to a good one") {
    const fs::path good = dir / "good.stl";
    writeAsciiStl(good, makeBox(Vec3(0.5, 0.5, 0.5)), Vec3::Zero());
    const fs::path missing = dir / "does_not_exist.stl";
    const RunResult run = runGui("--quit " + quoted(good) + " " + quoted(missing));
    INFO("stderr:\n" << joined(run.stderr_lines));
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].find(missing.string()) != std::string::npos);
  }

  SECTION("a scene with a bad field names the file and the field") {
    const fs::path scene = dir / "scene.json";
    std::ofstream(scene) << R"({ "bodies": [ { "name": "a", "mass": "heavy" } ] })"
                         << "\n";
    const RunResult run = runGui("--quit " + quoted(scene));
    INFO("stderr:\n" << joined(run.stderr_lines));
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].find(scene.string()) != std::string::npos);
    CHECK(run.stderr_lines[0].find("bodies[0].mass") != std::string::npos);
  }

  SECTION("an option the window does not offer, and a bad --run-until") {
    RunResult run = runGui("--frobnicate --quit");
    INFO("stderr:\n" << joined(run.stderr_lines));
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].find("frobnicate") != std::string::npos);
    run = runGui("--run-until soon --quit");
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].find("run-until") != std::string::npos);
  }
}

TEST_CASE("--camera, --preset and --hide-body set up the view before the screenshot",
          "[view-options]") {
  const fs::path dir = workDir();
  const fs::path box = dir / "box_left.stl";
  const fs::path ball = dir / "ball_right.stl";
  writeAsciiStl(box, makeBox(Vec3(0.5, 0.5, 0.5)), {-2.0, 0.0, 0.5});
  writeAsciiStl(ball, makeIcosphere(0.6, 3), {2.0, 0.0, 0.6});
  const std::string meshes = quoted(box) + " " + quoted(ball);

  struct Shot {
    QImage image;
    test::PixelStats box, ball;
  };
  auto shoot = [&](const std::string& name, const std::string& options) {
    const fs::path shot = dir / name;
    fs::remove(shot);
    const RunResult run = runGui(options + " --screenshot " + quoted(shot) + " --quit " + meshes);
    INFO("stderr:\n" << joined(run.stderr_lines));
    REQUIRE(run.exit_code == 0);
    Shot result{QImage(QString::fromStdString(shot.string())), {}, {}};
    REQUIRE(!result.image.isNull());
    const auto pixel = screenshotPixels(result.image);
    const int width = result.image.width(), height = result.image.height();
    result.box = test::findBodyPixels(render::bodyColour(0), width, height, pixel);
    result.ball = test::findBodyPixels(render::bodyColour(1), width, height, pixel);
    return result;
  };

  const Shot framed = shoot("view_default.png", "");
  // Close to the box, looking at it from the front and above: the ball is out of the picture.
  const Shot close = shoot("view_camera.png", "--camera -2,-3.5,2.5:-2,0,0.5 --preset debug");
  INFO("default: box " << framed.box.count << " ball " << framed.ball.count);
  INFO("--camera: box " << close.box.count << " ball " << close.ball.count);
  REQUIRE(framed.image.size() == close.image.size());
  long different = 0;
  for (int y = 0; y < framed.image.height(); y += 2) {
    for (int x = 0; x < framed.image.width(); x += 2) {
      if (framed.image.pixel(x, y) != close.image.pixel(x, y)) ++different;
    }
  }
  CHECK(different > 0.05 * framed.image.width() * framed.image.height() / 4);
  CHECK(framed.ball.count > 0);
  CHECK(close.box.count > 4 * framed.box.count);
  CHECK(close.ball.count < framed.ball.count / 10);

  const Shot hidden = shoot("view_hidden.png", "--hide-body box_left");
  INFO("--hide-body: box " << hidden.box.count << " ball " << hidden.ball.count);
  CHECK(hidden.box.count < framed.box.count / 20);
  CHECK(hidden.ball.count > framed.ball.count / 2);
}

TEST_CASE("bad view options give one error line naming the option and exit 2", "[view-options]") {
  auto check = [](const std::string& arguments, const std::string& option) {
    const RunResult run = runGui(arguments);
    INFO(arguments << "\nstderr:\n" << joined(run.stderr_lines));
    CHECK(run.exit_code == 2);
    REQUIRE(run.stderr_lines.size() == 1);
    CHECK(run.stderr_lines[0].rfind("error: ", 0) == 0);
    CHECK(run.stderr_lines[0].find(option) != std::string::npos);
  };
  check("--camera sideways --quit", "--camera");
  check("--camera 1,2,3:1,2 --quit", "--camera");
  check("--camera 1,2,3:1,2,3 --quit", "--camera");
  check("--preset pretty --quit", "--preset");
  check("--force-scale -5 --quit", "--force-scale");
  check("--colour rainbow --quit", "--colour");
  check("--pressure-range 5e3:1e3 --quit", "--pressure-range");
  check("--pressure-range 1e3 --quit", "--pressure-range");
  const fs::path scene = fs::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/bouncing_ball.json";
  check(quoted(scene) + " --hide-body nobody --quit", "--hide-body");
}
