// Shared by the render tests: a contact snapshot (ball on a plate) built by hand, off-screen
// captures read back as pixels, and world points projected to pixels with the view's camera.
#pragma once

#include <vtkCamera.h>
#include <vtkImageData.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkPNGReader.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <memory>
#include <numbers>
#include <vector>

#include "../app/body_pixels.h"
#include "../test_output_dir.h"
#include "geometry/primitives.h"
#include "png_capture.h"
#include "simulation_view.h"

namespace contactsim::test {

inline std::filesystem::path outputPath(const std::string& name) {
  return testing::testOutputDir("render-test-output") / name;
}

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;  // top row first
  void pixel(int x, int y, int& r, int& g, int& b) const {
    const unsigned char* p = &rgb[3 * (std::size_t(y) * width + x)];
    r = p[0];
    g = p[1];
    b = p[2];
  }
};

inline Image readPng(const std::filesystem::path& file) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  int dims[3];
  image->GetDimensions(dims);
  Image out;
  out.width = dims[0];
  out.height = dims[1];
  out.rgb.resize(3 * std::size_t(out.width) * out.height);
  REQUIRE(image->GetNumberOfScalarComponents() >= 3);
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      const auto* p =
          static_cast<const unsigned char*>(image->GetScalarPointer(x, out.height - 1 - y, 0));
      for (int k = 0; k < 3; ++k) out.rgb[3 * (std::size_t(y) * out.width + x) + k] = p[k];
    }
  }
  return out;
}

inline Image capture(render::SceneView& view, const std::string& name, int width = 640,
                     int height = 480) {
  const auto file = outputPath(name);
  render::capturePng(view, file, width, height);
  return readPng(file);
}

struct Pixel {
  double x = 0, y = 0;  // column, row (0 = top)
};

// Where the view's camera puts world point `p` in a width x height image.
inline Pixel project(render::SceneView& view, const Vec3& p, int width, int height) {
  vtkCamera* camera = view.renderer()->GetActiveCamera();
  vtkMatrix4x4* m = camera->GetCompositeProjectionTransformMatrix(double(width) / height, -1, 1);
  double in[4] = {p.x(), p.y(), p.z(), 1.0}, out[4];
  m->MultiplyPoint(in, out);
  const double nx = out[0] / out[3], ny = out[1] / out[3];
  return {0.5 * (nx + 1.0) * width, (1.0 - 0.5 * (ny + 1.0)) * height};
}

struct ColourRegion {
  std::size_t count = 0;
  double mean_x = 0, mean_y = 0;
  int min_x = 1 << 30, max_x = -1, min_y = 1 << 30, max_y = -1;

  void add(int x, int y) {
    ++count;
    mean_x += x;
    mean_y += y;
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
  }
  // Sums to means, once all pixels are added.
  ColourRegion& finish() {
    if (count > 0) {
      mean_x /= double(count);
      mean_y /= double(count);
    }
    return *this;
  }
};

// Pixels of `colour` outside the axes corner (bottom-left fifth, drawn in red, green and blue).
// Force arrows are strongly saturated: min_saturation 0.6 keeps blends of translucent layers out.
inline ColourRegion findColour(const Image& image, const render::Rgb& colour,
                               double min_saturation = 0.35) {
  ColourRegion region;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (x < 0.2 * image.width && y > 0.8 * image.height) continue;
      int r, g, b;
      image.pixel(x, y, r, g, b);
      if (!looksLike(colour, r, g, b)) continue;
      if (std::max({r, g, b}) - std::min({r, g, b}) < min_saturation * std::max({r, g, b}))
        continue;
      region.add(x, y);
    }
  }
  return region.finish();
}

inline ColourRegion findForceColour(const Image& image, const render::Rgb& colour) {
  return findColour(image, colour, 0.6);
}

// Pixels whose colour differs by more than `threshold` (sum over channels) between two images.
inline ColourRegion differingPixels(const Image& a, const Image& b, int threshold = 40) {
  REQUIRE(a.width == b.width);
  REQUIRE(a.height == b.height);
  ColourRegion region;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      int r1, g1, b1, r2, g2, b2;
      a.pixel(x, y, r1, g1, b1);
      b.pixel(x, y, r2, g2, b2);
      if (std::abs(r1 - r2) + std::abs(g1 - g2) + std::abs(b1 - b2) <= threshold) continue;
      region.add(x, y);
    }
  }
  return region.finish();
}

// A ball (body 1, radius 0.3) resting 2 cm deep in a plate (body 0, top face at z = 0), with
// one contact patch made by hand: centroid at the origin, normal +z (plate into ball), a circular
// loop of radius 0.1, a contact disc of radius 0.2, 50 N normal and 20 N friction along +x.
struct BallOnPlate {
  static constexpr double kRadius = 0.3;
  static constexpr double kDepth = 0.02;
  std::shared_ptr<const TriMesh> plate =
      std::make_shared<const TriMesh>(makeBox(Vec3(1.0, 1.0, 0.1), 4));
  std::shared_ptr<const TriMesh> ball = std::make_shared<const TriMesh>(makeIcosphere(kRadius, 3));
  SimulationFrame frame;

  BallOnPlate() {
    frame.time = 1.234;
    frame.bodies.resize(2);
    frame.bodies[0].pose.translation = Vec3(0, 0, -0.1);
    frame.bodies[1].pose.translation = Vec3(0, 0, kRadius - kDepth);
    ContactDiagnostics c;
    c.body_a = 0;
    c.body_b = 1;
    c.patch.id = 0;
    c.patch.centroid = Vec3::Zero();
    // The force acts off the contour's centroid, in the overlap's middle.
    c.patch.pressure_centre = Vec3(0.08, 0.0, 0.0);
    c.patch.surface_offset = -0.5 * kDepth;
    c.patch.normal = Vec3::UnitZ();
    c.patch.area = std::numbers::pi * 0.2 * 0.2;
    c.patch.indentation = kDepth;
    c.patch.depth_a = 0.0;
    c.patch.depth_b = kDepth;
    c.patch.deepest_point_b = Vec3(0, 0, -kDepth);
    std::vector<Vec3> loop;
    for (int i = 0; i < 64; ++i) {
      const double a = 2.0 * std::numbers::pi * i / 64.0;
      loop.emplace_back(0.1 * std::cos(a), 0.1 * std::sin(a), 0.0);
    }
    c.patch.loops.push_back(loop);
    // Penetrating triangles: the ball's below the plate top, the plate's top-face triangles
    // under the contact.
    for (std::size_t t = 0; t < ball->triangleCount(); ++t) {
      Vec3 centre = Vec3::Zero();
      for (int k = 0; k < 3; ++k) centre += ball->corner(t, k) / 3.0;
      if (centre.z() < -(kRadius - kDepth)) c.patch.triangles_b.push_back(std::int32_t(t));
    }
    for (std::size_t t = 0; t < plate->triangleCount(); ++t) {
      Vec3 centre = Vec3::Zero();
      for (int k = 0; k < 3; ++k) centre += plate->corner(t, k) / 3.0;
      if (plate->normals()[t].z() > 0.9 && centre.head<2>().norm() < 0.4)
        c.patch.triangles_a.push_back(std::int32_t(t));
    }
    c.normal_force = 50.0;
    c.friction_force = Vec3(20.0, 0.0, 0.0);
    frame.contacts.push_back(c);
  }

  std::vector<std::shared_ptr<const TriMesh>> meshes() const { return {plate, ball}; }
};

// A view of the snapshot from the front, a little above, at a fixed camera; 100 N/m.
inline void setUpFrontView(render::SimulationView& view, const SimulationFrame& frame) {
  view.update(frame);
  view.scene().setCamera(Vec3(0.0, -2.4, 0.9), Vec3(0.0, 0.0, 0.12));
  render::ForceScale scale;
  scale.newtons_per_metre = 100.0;
  scale.max_length = 1.0;
  view.setForceScale(scale);
}

struct RenderTiming {
  double update_ms = 0, render_ms = 0, total_ms = 0;  // medians
};

// Medians over `frames` frames of SimulationView::update and of rendering (finished on the GPU)
// in an off-screen window; the contacts move a little every frame so every array changes.
inline RenderTiming timeFrames(render::SimulationView& view, SimulationFrame frame, int frames,
                               int width, int height, int multisamples = 4) {
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(width, height);
  window->SetMultiSamples(multisamples);
  view.scene().attach(window);
  window->Render();  // first frame: context, shaders
  auto* gl = vtkOpenGLRenderWindow::SafeDownCast(window);
  std::vector<double> update, render, total;
  using clock = std::chrono::steady_clock;
  for (int i = 0; i < frames; ++i) {
    for (ContactDiagnostics& c : frame.contacts) c.patch.centroid.x() += 1e-4;
    for (ContactDiagnostics& c : frame.contacts) {
      for (auto& loop : c.patch.loops) {
        for (Vec3& p : loop) p.x() += 1e-4;
      }
    }
    frame.time += 0.01;
    const auto t0 = clock::now();
    view.update(frame);
    const auto t1 = clock::now();
    window->Render();
    if (gl) gl->WaitForCompletion();
    const auto t2 = clock::now();
    update.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    render.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    total.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
  }
  window->Finalize();
  view.scene().detach();
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  };
  return {median(update), median(render), median(total)};
}

}  // namespace contactsim::test
