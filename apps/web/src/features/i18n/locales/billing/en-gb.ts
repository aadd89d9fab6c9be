// The texts of the public business sign-up and of plans and billing in British English (the
// reference for the other locales).
export const billingEnGb = {
  businessSignup: {
    steps: 'Sign-up steps',
    stepBusiness: 'Your business',
    stepAccount: 'Your account',
    stepOf: 'Step {{step}} of {{count}}',
    heading: 'Sign up your business',
    lead: 'Start with a free trial for your whole team: invite colleagues, send requests under your name and logo.',
    continue: 'Continue',
    haveAccount: 'Already have an account?',
    loginToRegister: 'Log in to register your business',
    accountHeading: 'Create your account',
    accountLead: 'You will be the first admin of {{name}}.',
    change: 'Change the business details',
    submit: 'Create account and business',
    noDraft: 'Describe your business first, then create your account.',
    toFirstStep: 'Go to the first step',
    mailSentNote: 'Once you have confirmed it, {{name}} is registered and you land in its admin area.',
  },
};
