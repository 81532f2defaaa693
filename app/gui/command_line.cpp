#include "command_line.h"

#include <QCommandLineParser>
#include <cmath>

namespace contactsim::gui {

CommandLine parseCommandLine(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription("contactsim: rigid CAD meshes in contact (simulator)");
  const QCommandLineOption help_option = parser.addHelpOption();
  const QCommandLineOption screenshot_option(
      "screenshot", "Save a PNG of the window once it has rendered.", "FILE");
  const QCommandLineOption quit_option("quit",
                                       "Exit after opening the files (and the screenshot).");
  const QCommandLineOption run_until_option(
      "run-until", "Simulate the scene (as fast as possible) up to time T seconds, then pause.",
      "T");
  const QCommandLineOption camera_option(
      "camera",
      "View: iso, front, back, left, right, top or bottom (optionally +follow: reframed every "
      "frame), or EX,EY,EZ:TX,TY,TZ (eye and target in metres, z up).",
      "SPEC");
  const QCommandLineOption follow_option(
      "follow", "Move the camera with this body's centre every frame (orbit and zoom kept).",
      "BODY");
  const QCommandLineOption opacity_option(
      "body-opacity",
      "Draw the body of this name see-through, opacity A from 0 (invisible) to 1 (repeatable), "
      "e.g. hull=0.4 to see the contacts behind the plating.",
      "NAME=A");
  const QCommandLineOption preset_option(
      "preset", "Layers shown: clean (forces, cables, time, grid), default or debug.", "PRESET");
  const QCommandLineOption hide_body_option(
      "hide-body", "Hide the body of this name (repeatable), e.g. to look through a hull.", "NAME");
  const QCommandLineOption force_scale_option(
      "force-scale", "Draw a force of N newtons 1 m long (default: fitted to the first contacts).",
      "N");
  const QCommandLineOption colour_option(
      "colour",
      "Contact colouring: plain (default), pressure (penetrated triangles by pressure, with a "
      "colour bar) or stick-slip (contours blue where friction sticks, orange where it slips).",
      "MODE");
  const QCommandLineOption pressure_range_option(
      "pressure-range",
      "Fixed pressure colour range in Pa, e.g. 0:2e3 (default: 0 to the run's maximum so far).",
      "LOW:HIGH");
  const QCommandLineOption force_labels_option("force-labels",
                                               "Write |F| at each contact's normal force arrow.");
  parser.addOption(run_until_option);
  parser.addOption(colour_option);
  parser.addOption(pressure_range_option);
  parser.addOption(force_labels_option);
  parser.addOption(camera_option);
  parser.addOption(follow_option);
  parser.addOption(preset_option);
  parser.addOption(opacity_option);
  parser.addOption(hide_body_option);
  parser.addOption(force_scale_option);
  parser.addOption(screenshot_option);
  parser.addOption(quit_option);
  parser.addPositionalArgument(
      "FILES", "A scene (.json), mesh files (STL, OBJ, PLY, glTF, OFF, ...) or a recording (.db).",
      "[SCENE | MESH... | RECORDING]");

  if (!parser.parse(arguments)) throw CommandLineError(parser.errorText().toStdString());

  CommandLine line;
  // --help-all is added by addHelpOption(); the Qt options it would list are not advertised.
  line.help = parser.isSet(help_option) || parser.isSet("help-all");
  line.help_text = parser.helpText();
  line.files = parser.positionalArguments();
  line.screenshot = parser.value(screenshot_option);
  line.quit = parser.isSet(quit_option);
  if (parser.isSet(run_until_option)) {
    bool ok = false;
    const double t = parser.value(run_until_option).toDouble(&ok);
    if (!ok || !(t >= 0.0) || !std::isfinite(t)) {
      throw CommandLineError("--run-until: expected a time >= 0 s, got '" +
                             parser.value(run_until_option).toStdString() + "'");
    }
    line.run_until = t;
  }
  if (parser.isSet(camera_option)) {
    std::string error;
    line.camera = render::parseCameraOptions(parser.value(camera_option).toStdString(), &error);
    if (!line.camera) throw CommandLineError("--camera: " + error);
  }
  if (parser.isSet(preset_option)) {
    const QString preset = parser.value(preset_option);
    if (preset == "clean") {
      line.preset = render::LayerPreset::CleanVideo;
    } else if (preset == "default") {
      line.preset = render::LayerPreset::Default;
    } else if (preset == "debug") {
      line.preset = render::LayerPreset::Debug;
    } else {
      throw CommandLineError("--preset: expected clean, default or debug, got '" +
                             preset.toStdString() + "'");
    }
  }
  line.hidden_bodies = parser.values(hide_body_option);
  for (const QString& name : line.hidden_bodies) {
    if (name.isEmpty()) throw CommandLineError("--hide-body needs a body name");
  }
  if (parser.isSet(follow_option)) {
    line.follow_body = parser.value(follow_option);
    if (line.follow_body.isEmpty()) throw CommandLineError("--follow needs a body name");
  }
  for (const QString& value : parser.values(opacity_option)) {
    const qsizetype eq = value.lastIndexOf('=');
    bool ok = false;
    const double opacity = eq > 0 ? value.mid(eq + 1).toDouble(&ok) : 0.0;
    if (eq <= 0 || !ok || !(opacity >= 0.0 && opacity <= 1.0)) {
      throw CommandLineError("--body-opacity: expected NAME=A with A in [0, 1], got '" +
                             value.toStdString() + "'");
    }
    line.body_opacity.emplace_back(value.left(eq), opacity);
  }
  if (parser.isSet(force_scale_option)) {
    bool ok = false;
    const double n = parser.value(force_scale_option).toDouble(&ok);
    if (!ok || !(n > 0.0) || !std::isfinite(n)) {
      throw CommandLineError("--force-scale: expected newtons per metre > 0, got '" +
                             parser.value(force_scale_option).toStdString() + "'");
    }
    line.force_scale = n;
  }
  if (parser.isSet(colour_option)) {
    const QString mode = parser.value(colour_option);
    line.colouring = render::colouringFromName(mode.toStdString());
    if (!line.colouring) {
      throw CommandLineError("--colour: expected plain, pressure or stick-slip, got '" +
                             mode.toStdString() + "'");
    }
  }
  if (parser.isSet(pressure_range_option)) {
    const QString value = parser.value(pressure_range_option);
    const QStringList parts = value.split(':');
    bool ok_low = false, ok_high = false;
    const double low = parts.size() == 2 ? parts[0].toDouble(&ok_low) : 0.0;
    const double high = parts.size() == 2 ? parts[1].toDouble(&ok_high) : 0.0;
    render::PressureRange check;
    if (!ok_low || !ok_high || !check.setFixed(low, high)) {
      throw CommandLineError(
          "--pressure-range: expected LOW:HIGH in Pa with 0 <= LOW < HIGH, got '" +
          value.toStdString() + "'");
    }
    line.pressure_range = std::make_pair(low, high);
  }
  line.force_labels = parser.isSet(force_labels_option);
  if (parser.isSet(screenshot_option) && line.screenshot.isEmpty()) {
    throw CommandLineError("--screenshot needs a file name");
  }
  return line;
}

}  // namespace contactsim::gui
