#include "contact_law_form.h"

#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

#include "law_editor.h"

namespace contactsim::gui {

using nlohmann::json;

ContactLawForm::ContactLawForm(QWidget* parent)
    : QWidget(parent),
      editor_(new LawEditor(this)),
      overrides_(new QLabel(this)),
      error_(new QLabel(this)),
      apply_(new QPushButton("Apply and reset", this)) {
  overrides_->setWordWrap(true);
  error_->setObjectName("law_error");
  error_->setStyleSheet("color: #c00000");
  error_->setWordWrap(true);
  auto* form = new QFormLayout(this);
  form->setContentsMargins(4, 4, 4, 4);
  form->addRow(editor_);
  form->addRow(overrides_);
  form->addRow(error_);
  form->addRow("", apply_);
  apply_->setObjectName("apply_law");
  connect(apply_, &QPushButton::clicked, this, [this] {
    json law;
    QString error;
    const bool ok = editor_->read(law, error);
    error_->setText(ok ? QString() : error);
    if (ok) emit applied(law);
  });
  showContact(nullptr);
}

void ContactLawForm::showContact(const json* contact) {
  editor_->setLaw(contact && contact->contains("law") ? (*contact)["law"] : json());
  error_->clear();
  const std::size_t overrides =
      contact && contact->contains("overrides") ? (*contact)["overrides"].size() : 0;
  overrides_->setText(overrides == 0
                          ? QString("Applies to every contact pair.")
                          : QStringLiteral("Default law; %1 body pair(s) have their own law "
                                           "(Scene ▸ Contact laws per pair…).")
                                .arg(overrides));
}

}  // namespace contactsim::gui
